package dev.schemarag.ingest.text;

/**
 * A cheap token count for budgeting context: one token per four characters, rounded up. BPE tokenizers of the
 * cl100k family average close to that on English prose and SQL; identifiers with underscores run a little higher,
 * so budgets built on it should keep some headroom. Not meant for billing.
 */
public final class TokenEstimate {
    private static final int CHARS_PER_TOKEN = 4;

    private TokenEstimate() {}

    public static int of(String text) {
        return (text.length() + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
    }
}
