package dev.schemarag.generation.execution;

/**
 * How much of a result is read: at most {@code maxRows} rows and {@code maxBytes} bytes of cell text (UTF-8, the
 * text output of each cell), fetched {@code fetchSize} rows per round trip so that no result is held whole.
 */
public record ResultLimits(int maxRows, int maxBytes, int fetchSize) {
    public static final int DEFAULT_MAX_ROWS = 1_000;
    public static final int DEFAULT_MAX_BYTES = 1_048_576;
    public static final int DEFAULT_FETCH_SIZE = 200;
    public static final ResultLimits DEFAULT =
            new ResultLimits(DEFAULT_MAX_ROWS, DEFAULT_MAX_BYTES, DEFAULT_FETCH_SIZE);

    public ResultLimits {
        if (maxRows < 1 || maxBytes < 1 || fetchSize < 1)
            throw new IllegalArgumentException("result limits must be at least 1");
    }

    /** The row cap of one execution: what the caller asks for, never more than {@link #maxRows}. */
    public int rowCap(int requested) {
        if (requested < 1) throw new IllegalArgumentException("at least one row must be asked for");
        return Math.min(requested, maxRows);
    }
}
