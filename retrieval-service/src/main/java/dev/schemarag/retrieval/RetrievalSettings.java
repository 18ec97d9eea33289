package dev.schemarag.retrieval;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every retrieval parameter with its default. Each has a dotted key (e.g. {@code retrieval.table.topk}) and an
 * environment variable by the rule: upper-case, dots and dashes to underscores ({@code RETRIEVAL_TABLE_TOPK}).
 * {@link #withOverrides(Map)} accepts either spelling, so the same call applies the environment at start-up and a
 * question's own settings per request.
 *
 * @param enabled                 {@code retrieval.enabled} (also {@code ENABLE_DOC_RETRIEVAL}): use RAG at all
 * @param minTablesForRetrieval   {@code retrieval.table.threshold}: smaller catalogs are sent whole
 * @param tableTopK               {@code retrieval.table.topk}: table rows asked from the vector index
 * @param tableMinSimilarity      {@code retrieval.table.min-similarity}: table hits below are dropped
 * @param columnTopK              {@code retrieval.column.topk}: column rows asked from the vector index
 * @param columnMinSimilarity     {@code retrieval.column.min-similarity}: column hits below are dropped
 * @param secondColumnWeight      {@code retrieval.column.second-weight}: column score = top1 + w·top2
 * @param genericColumnFactor     {@code retrieval.column.generic-factor}: damps generic columns (ids, timestamps)
 * @param tableWeight             {@code retrieval.fusion.table-weight}: dense score = wt·table + wc·column
 * @param columnWeight            {@code retrieval.fusion.column-weight}
 * @param lexicalEnabled          {@code retrieval.lexical.enabled}: BM25 over the stored texts
 * @param lexicalTopK             {@code retrieval.lexical.topk}: tables taken from the BM25 ranking
 * @param bm25K1                  {@code retrieval.lexical.bm25-k1}
 * @param bm25B                   {@code retrieval.lexical.bm25-b}
 * @param rrfK                    {@code retrieval.rrf.k}: reciprocal rank fusion constant; small, so a table's rank
 *                                in each list matters more than appearing in both (see {@link #defaults()})
 * @param rrfDenseWeight          {@code retrieval.rrf.dense-weight}: dense leads, so it weighs more than lexical
 * @param rrfLexicalWeight        {@code retrieval.rrf.lexical-weight}
 * @param selectTopK              {@code retrieval.select.topk}: tables selected by rank before expansion, at most
 * @param selectMinTables         {@code retrieval.select.min-tables}: tables selected by rank however the scores fall
 * @param selectRelativeCutoff    {@code retrieval.select.relative-cutoff}: beyond the minimum, a table is selected only
 *                                while its fused score is at least this share of the best one; 0 = plain top-k
 * @param evidenceTopK            {@code retrieval.evidence.topk}: ranks that count as evidence for FK expansion
 * @param evidenceMinScore        {@code retrieval.evidence.min-score}: and the score they need
 * @param fkMaxAdded              {@code retrieval.fk.max-added}: FK neighbours added at most
 * @param fkParentsOfTop          {@code retrieval.fk.parents-of-top}: the tables referenced by this many leading tables
 *                                need only a rank in the evidence set, not its score
 * @param maxTables               {@code retrieval.max-tables}: tables in the packet at most
 * @param bridgesEnabled          {@code retrieval.bridges.enabled}: connect selected tables through FK paths
 * @param minTopScore             {@code retrieval.fallback.min-score}: below this best score, send the full schema
 * @param minContentWords         {@code retrieval.fallback.min-content-words}: shorter questions get the full schema
 * @param docTopK                 {@code retrieval.docs.topk}: doc chunks in the packet at most
 * @param docMinSimilarity        {@code retrieval.docs.min-similarity}
 * @param joinHintFormat          {@code join.hint.format} ({@code JOIN_HINT_FORMAT})
 * @param packetFormat            {@code retrieval.packet.format}: create_table or compact
 * @param contextBudgetTokens     {@code retrieval.context.budget-tokens}: packets above it are flagged over budget
 * @param maxQuestionBytes        {@code retrieval.question.max-bytes}: a question or evidence longer than this, in UTF-8
 *                                bytes, is an invalid request; the service's value holds, a question cannot raise it
 */
public record RetrievalSettings(
        boolean enabled,
        int minTablesForRetrieval,
        int tableTopK,
        double tableMinSimilarity,
        int columnTopK,
        double columnMinSimilarity,
        double secondColumnWeight,
        double genericColumnFactor,
        double tableWeight,
        double columnWeight,
        boolean lexicalEnabled,
        int lexicalTopK,
        double bm25K1,
        double bm25B,
        int rrfK,
        double rrfDenseWeight,
        double rrfLexicalWeight,
        int selectTopK,
        int selectMinTables,
        double selectRelativeCutoff,
        int evidenceTopK,
        double evidenceMinScore,
        int fkMaxAdded,
        int fkParentsOfTop,
        int maxTables,
        boolean bridgesEnabled,
        double minTopScore,
        int minContentWords,
        int docTopK,
        double docMinSimilarity,
        JoinHintFormat joinHintFormat,
        PacketFormat packetFormat,
        int contextBudgetTokens,
        int maxQuestionBytes) {

    public static final String ENABLED = "retrieval.enabled";
    /** The historical name of {@link #ENABLED}'s environment variable, still honoured. */
    public static final String ENABLED_ALIAS = "ENABLE_DOC_RETRIEVAL";
    public static final String TABLE_THRESHOLD = "retrieval.table.threshold";
    public static final String TABLE_TOPK = "retrieval.table.topk";
    public static final String TABLE_MIN_SIMILARITY = "retrieval.table.min-similarity";
    public static final String COLUMN_TOPK = "retrieval.column.topk";
    public static final String COLUMN_MIN_SIMILARITY = "retrieval.column.min-similarity";
    public static final String COLUMN_SECOND_WEIGHT = "retrieval.column.second-weight";
    public static final String COLUMN_GENERIC_FACTOR = "retrieval.column.generic-factor";
    public static final String FUSION_TABLE_WEIGHT = "retrieval.fusion.table-weight";
    public static final String FUSION_COLUMN_WEIGHT = "retrieval.fusion.column-weight";
    public static final String LEXICAL_ENABLED = "retrieval.lexical.enabled";
    public static final String LEXICAL_TOPK = "retrieval.lexical.topk";
    public static final String BM25_K1 = "retrieval.lexical.bm25-k1";
    public static final String BM25_B = "retrieval.lexical.bm25-b";
    public static final String RRF_K = "retrieval.rrf.k";
    public static final String RRF_DENSE_WEIGHT = "retrieval.rrf.dense-weight";
    public static final String RRF_LEXICAL_WEIGHT = "retrieval.rrf.lexical-weight";
    public static final String SELECT_TOPK = "retrieval.select.topk";
    public static final String SELECT_MIN_TABLES = "retrieval.select.min-tables";
    public static final String SELECT_RELATIVE_CUTOFF = "retrieval.select.relative-cutoff";
    public static final String EVIDENCE_TOPK = "retrieval.evidence.topk";
    public static final String EVIDENCE_MIN_SCORE = "retrieval.evidence.min-score";
    public static final String FK_MAX_ADDED = "retrieval.fk.max-added";
    public static final String FK_PARENTS_OF_TOP = "retrieval.fk.parents-of-top";
    public static final String MAX_TABLES = "retrieval.max-tables";
    public static final String BRIDGES_ENABLED = "retrieval.bridges.enabled";
    public static final String FALLBACK_MIN_SCORE = "retrieval.fallback.min-score";
    public static final String FALLBACK_MIN_CONTENT_WORDS = "retrieval.fallback.min-content-words";
    public static final String DOCS_TOPK = "retrieval.docs.topk";
    public static final String DOCS_MIN_SIMILARITY = "retrieval.docs.min-similarity";
    public static final String JOIN_HINT_FORMAT = "join.hint.format";
    public static final String PACKET_FORMAT = "retrieval.packet.format";
    public static final String CONTEXT_BUDGET_TOKENS = "retrieval.context.budget-tokens";
    public static final String QUESTION_MAX_BYTES = "retrieval.question.max-bytes";

    /** Every key this record reads, in declaration order. */
    public static final List<String> KEYS = List.of(ENABLED, TABLE_THRESHOLD, TABLE_TOPK, TABLE_MIN_SIMILARITY,
            COLUMN_TOPK, COLUMN_MIN_SIMILARITY, COLUMN_SECOND_WEIGHT, COLUMN_GENERIC_FACTOR, FUSION_TABLE_WEIGHT,
            FUSION_COLUMN_WEIGHT, LEXICAL_ENABLED, LEXICAL_TOPK, BM25_K1, BM25_B, RRF_K, RRF_DENSE_WEIGHT,
            RRF_LEXICAL_WEIGHT, SELECT_TOPK, SELECT_MIN_TABLES, SELECT_RELATIVE_CUTOFF, EVIDENCE_TOPK, EVIDENCE_MIN_SCORE,
            FK_MAX_ADDED, FK_PARENTS_OF_TOP, MAX_TABLES, BRIDGES_ENABLED, FALLBACK_MIN_SCORE, FALLBACK_MIN_CONTENT_WORDS,
            DOCS_TOPK, DOCS_MIN_SIMILARITY, JOIN_HINT_FORMAT, PACKET_FORMAT, CONTEXT_BUDGET_TOKENS, QUESTION_MAX_BYTES);

    private static final int MANY = 10_000;

    /**
     * The design's defaults, except where the retrieval benchmark (spider-union, 881 tables) showed better, each on a
     * plateau of neighbouring values rather than a peak: RRF k 5 instead of 60 and lexical weight 0.5 instead of 0.7,
     * because with k 60 a table ranked 15th by both retrievers outranks the dense top hit, so BM25's many partial name
     * matches crowd it out; the relative cut-off, which sends fewer tables when both retrievers agree on a clear
     * winner; an evidence set of the top 30 instead of 20; and the leading tables' parents admitted without the
     * evidence score (see {@code ForeignKeyExpansion}). Figures in the README. Questions are capped at 4 KiB: far above
     * any real question, far below the 1 MiB a Kafka record may have (the question travels on in every later record).
     */
    public static RetrievalSettings defaults() {
        return new RetrievalSettings(true, 10, 15, 0.20, 50, 0.18, 0.5, 0.7, 0.6, 0.4,
                true, 20, 1.5, 0.75, 5, 1.0, 0.5,
                10, 3, 0.45, 30, 0.20, 3, 2, 12, true, 0.20, 1, 5, 0.35,
                JoinHintFormat.EDGES, PacketFormat.CREATE_TABLE, 12_000, 4 * 1024);
    }

    /** The defaults overridden by the process environment (or any map of environment variables). */
    public static RetrievalSettings fromEnvironment(Map<String, String> environment) {
        return defaults().withOverrides(environment);
    }

    /**
     * These settings with the given values taking precedence. Keys may be dotted or environment-style; unknown keys
     * are ignored (a question's settings map may carry other stages' settings).
     *
     * @throws InvalidSettingException naming the first key whose value is not accepted
     */
    public RetrievalSettings withOverrides(Map<String, String> values) {
        if (values.isEmpty()) return this;
        Values v = new Values(values);
        return new RetrievalSettings(
                v.bool(ENABLED, v.bool(ENABLED_ALIAS, enabled)),
                v.integer(TABLE_THRESHOLD, minTablesForRetrieval, 0, MANY),
                v.integer(TABLE_TOPK, tableTopK, 1, MANY),
                v.decimal(TABLE_MIN_SIMILARITY, tableMinSimilarity, -1, 1),
                v.integer(COLUMN_TOPK, columnTopK, 0, MANY),
                v.decimal(COLUMN_MIN_SIMILARITY, columnMinSimilarity, -1, 1),
                v.decimal(COLUMN_SECOND_WEIGHT, secondColumnWeight, 0, 1),
                v.decimal(COLUMN_GENERIC_FACTOR, genericColumnFactor, 0, 1),
                v.decimal(FUSION_TABLE_WEIGHT, tableWeight, 0, 1),
                v.decimal(FUSION_COLUMN_WEIGHT, columnWeight, 0, 1),
                v.bool(LEXICAL_ENABLED, lexicalEnabled),
                v.integer(LEXICAL_TOPK, lexicalTopK, 1, MANY),
                v.decimal(BM25_K1, bm25K1, 0, 10),
                v.decimal(BM25_B, bm25B, 0, 1),
                v.integer(RRF_K, rrfK, 0, MANY),
                v.decimal(RRF_DENSE_WEIGHT, rrfDenseWeight, 0, 10),
                v.decimal(RRF_LEXICAL_WEIGHT, rrfLexicalWeight, 0, 10),
                v.integer(SELECT_TOPK, selectTopK, 1, MANY),
                v.integer(SELECT_MIN_TABLES, selectMinTables, 1, MANY),
                v.decimal(SELECT_RELATIVE_CUTOFF, selectRelativeCutoff, 0, 1),
                v.integer(EVIDENCE_TOPK, evidenceTopK, 0, MANY),
                v.decimal(EVIDENCE_MIN_SCORE, evidenceMinScore, 0, 2),
                v.integer(FK_MAX_ADDED, fkMaxAdded, 0, MANY),
                v.integer(FK_PARENTS_OF_TOP, fkParentsOfTop, 0, MANY),
                v.integer(MAX_TABLES, maxTables, 1, MANY),
                v.bool(BRIDGES_ENABLED, bridgesEnabled),
                v.decimal(FALLBACK_MIN_SCORE, minTopScore, 0, 2),
                v.integer(FALLBACK_MIN_CONTENT_WORDS, minContentWords, 0, 100),
                v.integer(DOCS_TOPK, docTopK, 0, 100),
                v.decimal(DOCS_MIN_SIMILARITY, docMinSimilarity, -1, 1),
                v.choice(JOIN_HINT_FORMAT, joinHintFormat, JoinHintFormat.class),
                v.choice(PACKET_FORMAT, packetFormat, PacketFormat.class),
                v.integer(CONTEXT_BUDGET_TOKENS, contextBudgetTokens, 1, 10_000_000),
                v.integer(QUESTION_MAX_BYTES, maxQuestionBytes, 1, 10_000_000));
    }

    /** The environment variable of a dotted key: {@code retrieval.table.topk} ↔ {@code RETRIEVAL_TABLE_TOPK}. */
    public static String environmentVariable(String key) {
        return key.trim().toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** Raw values looked up by either spelling of a key. */
    private static final class Values {
        private final Map<String, String> byVariable = new HashMap<>();

        Values(Map<String, String> raw) {
            raw.forEach((key, value) -> {
                if (key != null && value != null) byVariable.put(environmentVariable(key), value.trim());
            });
        }

        boolean bool(String key, boolean current) {
            String raw = byVariable.get(environmentVariable(key));
            if (raw == null) return current;
            if (raw.equalsIgnoreCase("true")) return true;
            if (raw.equalsIgnoreCase("false")) return false;
            throw new InvalidSettingException(key, raw, "true or false");
        }

        int integer(String key, int current, int min, int max) {
            String raw = byVariable.get(environmentVariable(key));
            if (raw == null) return current;
            String accepted = "an integer in [" + min + ", " + max + "]";
            try {
                int value = Integer.parseInt(raw);
                if (value < min || value > max) throw new InvalidSettingException(key, raw, accepted);
                return value;
            } catch (NumberFormatException e) {
                throw new InvalidSettingException(key, raw, accepted);
            }
        }

        double decimal(String key, double current, double min, double max) {
            String raw = byVariable.get(environmentVariable(key));
            if (raw == null) return current;
            String accepted = "a number in [" + min + ", " + max + "]";
            try {
                double value = Double.parseDouble(raw);
                if (!(value >= min && value <= max)) throw new InvalidSettingException(key, raw, accepted);
                return value;
            } catch (NumberFormatException e) {
                throw new InvalidSettingException(key, raw, accepted);
            }
        }

        <E extends Enum<E>> E choice(String key, E current, Class<E> type) {
            String raw = byVariable.get(environmentVariable(key));
            if (raw == null) return current;
            for (E candidate : type.getEnumConstants()) {
                if (candidate.name().equalsIgnoreCase(raw.replace('-', '_'))) return candidate;
            }
            throw new InvalidSettingException(key, raw, "one of " + List.of(type.getEnumConstants()).stream()
                    .map(e -> e.name().toLowerCase(Locale.ROOT)).toList());
        }
    }
}
