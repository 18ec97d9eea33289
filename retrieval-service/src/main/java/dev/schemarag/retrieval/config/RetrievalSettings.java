package dev.schemarag.retrieval.config;

import dev.schemarag.core.config.ConfigException;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.questions.AnswerCacheProbing;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every retrieval parameter, each declared once as a core {@link Setting} with its default, range and description;
 * declaring it lists it in {@link #DECLARED}, and its accessor, the constant's name in camel case, reads it when asked.
 * The service's values come from the process configuration ({@link #from(Settings)}: system property, environment
 * variable, default); a question's own settings override them per request ({@link #withOverrides(Map)}), by dotted
 * key or environment-variable spelling. Every value is checked when the settings are made.
 *
 * <p>The defaults are the design's, except where the retrieval benchmark (spider-union, 881 tables) showed better,
 * each on a plateau of neighbouring values rather than a peak: RRF k 5 instead of 60 and lexical weight 0.5 instead of
 * 0.7, because with k 60 a table ranked 15th by both retrievers outranks the dense top hit, so BM25's many partial
 * name matches crowd it out; the relative cut-off, which sends fewer tables when both retrievers agree on a clear
 * winner; an evidence set of the top 30 instead of 20; and the leading tables' parents admitted without the evidence
 * score (see {@code ForeignKeyExpansion}). Figures in docs/benchmarks.md. Questions are capped at 4 KiB: far above any
 * real question, far below the 1 MiB a Kafka record may have (the question travels on in every later record).
 */
public final class RetrievalSettings {
    private static final int MANY = 10_000;
    private static final List<Setting<?>> IN_ORDER = new ArrayList<>();

    /** Every retrieval setting, in declaration order. */
    public static final List<Setting<?>> DECLARED = Collections.unmodifiableList(IN_ORDER);

    public static final Setting<Boolean> ENABLED = declare(Setting.bool(
                    "retrieval.enabled",
                    true,
                    "Use RAG at all; false sends the full schema (the historical ENABLE_DOC_RETRIEVAL is still read)")
            .withAlias("ENABLE_DOC_RETRIEVAL"));
    public static final Setting<Boolean> ANSWER_CACHE_PROBE = declare(Setting.bool(
            AnswerCacheProbing.SETTING,
            true,
            "Look a question up in the answer cache before embedding it: a fresh entry for its database, principal and"
                    + " normalised question skips embedding and ranking, and generation serves it"));
    public static final Setting<Integer> TABLE_THRESHOLD = declare(
            Setting.integer("retrieval.table.threshold", 10, 0, MANY, "Catalogs with fewer tables are sent whole"));
    public static final Setting<Integer> TABLE_TOPK =
            declare(Setting.integer("retrieval.table.topk", 15, 1, MANY, "Table rows asked from the vector index"));
    public static final Setting<Double> TABLE_MIN_SIMILARITY = declare(Setting.decimal(
            "retrieval.table.min-similarity", 0.20, -1, 1, "Table hits below this similarity are dropped"));
    public static final Setting<Integer> COLUMN_TOPK =
            declare(Setting.integer("retrieval.column.topk", 50, 0, MANY, "Column rows asked from the vector index"));
    public static final Setting<Double> COLUMN_MIN_SIMILARITY = declare(Setting.decimal(
            "retrieval.column.min-similarity", 0.18, -1, 1, "Column hits below this similarity are dropped"));
    public static final Setting<Double> COLUMN_SECOND_WEIGHT = declare(
            Setting.decimal("retrieval.column.second-weight", 0.5, 0, 1, "Column score of a table = top1 + w·top2"));
    public static final Setting<Double> COLUMN_GENERIC_FACTOR = declare(
            Setting.decimal("retrieval.column.generic-factor", 0.7, 0, 1, "Damps generic columns (ids, timestamps)"));
    public static final Setting<Double> FUSION_TABLE_WEIGHT = declare(Setting.decimal(
            "retrieval.fusion.table-weight", 0.6, 0, 1, "Dense score = wt·table + wc·column: the table weight"));
    public static final Setting<Double> FUSION_COLUMN_WEIGHT = declare(Setting.decimal(
            "retrieval.fusion.column-weight", 0.4, 0, 1, "Dense score = wt·table + wc·column: the column weight"));
    public static final Setting<Boolean> LEXICAL_ENABLED = declare(Setting.bool(
            "retrieval.lexical.enabled", true, "BM25 over the stored texts, fused with the dense ranking"));
    public static final Setting<Integer> LEXICAL_TOPK =
            declare(Setting.integer("retrieval.lexical.topk", 20, 1, MANY, "Tables taken from the BM25 ranking"));
    public static final Setting<Double> LEXICAL_BM25_K1 =
            declare(Setting.decimal("retrieval.lexical.bm25-k1", 1.5, 0, 10, "BM25 term-frequency saturation k1"));
    public static final Setting<Double> LEXICAL_BM25_B =
            declare(Setting.decimal("retrieval.lexical.bm25-b", 0.75, 0, 1, "BM25 length normalisation b"));
    public static final Setting<Integer> RRF_K = declare(
            Setting.integer(
                    "retrieval.rrf.k",
                    5,
                    0,
                    MANY,
                    "Reciprocal rank fusion constant; small, so a table's rank in each list matters more than appearing in both"));
    public static final Setting<Double> RRF_DENSE_WEIGHT = declare(Setting.decimal(
            "retrieval.rrf.dense-weight", 1.0, 0, 10, "Weight of the dense ranking in the fusion (dense leads)"));
    public static final Setting<Double> RRF_LEXICAL_WEIGHT = declare(
            Setting.decimal("retrieval.rrf.lexical-weight", 0.5, 0, 10, "Weight of the BM25 ranking in the fusion"));
    public static final Setting<Integer> SELECT_TOPK = declare(
            Setting.integer("retrieval.select.topk", 10, 1, MANY, "Tables selected by rank before expansion, at most"));
    public static final Setting<Integer> SELECT_MIN_TABLES = declare(Setting.integer(
            "retrieval.select.min-tables", 3, 1, MANY, "Tables selected by rank however the scores fall"));
    public static final Setting<Double> SELECT_RELATIVE_CUTOFF = declare(
            Setting.decimal(
                    "retrieval.select.relative-cutoff",
                    0.45,
                    0,
                    1,
                    "Beyond the minimum, a table is selected only while its fused score is at least this share of the best one; 0 = plain top-k"));
    public static final Setting<Boolean> SELECT_BREADTH = declare(
            Setting.bool(
                    "retrieval.select.breadth",
                    true,
                    "Size the selection to the question's breadth: each table of the best one's schema whose whole name it spells out, in place of the head's weakest ranks; a table for each entity it names, and more tables for more clause connectors (only tables that join the best one, or share its schema where neither has an edge)"));
    public static final Setting<Boolean> FAMILIES = declare(
            Setting.bool(
                    "retrieval.families",
                    true,
                    "Tables of a schema named alike but for a trailing date or number, with the same columns, are one family: one candidate in the ranking (its best-ranked member's), written once in the packet with its name pattern, member count and range"));
    public static final Setting<Integer> FAMILY_MIN_MEMBERS = declare(Setting.integer(
            "retrieval.family.min-members", 3, 2, MANY, "Tables a family needs; fewer that look alike stay tables"));
    public static final Setting<Integer> EVIDENCE_TOPK = declare(Setting.integer(
            "retrieval.evidence.topk", 30, 0, MANY, "Ranks that count as evidence for foreign-key expansion"));
    public static final Setting<Double> EVIDENCE_MIN_SCORE =
            declare(Setting.decimal("retrieval.evidence.min-score", 0.20, 0, 2, "Score an evidence rank needs"));
    public static final Setting<Integer> FK_MAX_ADDED =
            declare(Setting.integer("retrieval.fk.max-added", 3, 0, MANY, "Foreign-key neighbours added at most"));
    public static final Setting<Integer> FK_PARENTS_OF_TOP = declare(Setting.integer(
            "retrieval.fk.parents-of-top",
            2,
            0,
            MANY,
            "The tables referenced by this many leading tables need only a rank in the evidence set, not its score"));
    public static final Setting<Integer> MAX_TABLES =
            declare(Setting.integer("retrieval.max-tables", 12, 1, MANY, "Tables in the packet at most"));
    public static final Setting<Boolean> BRIDGES_ENABLED = declare(
            Setting.bool("retrieval.bridges.enabled", true, "Connect selected tables through foreign-key paths"));
    public static final Setting<Double> FALLBACK_MIN_SCORE = declare(
            Setting.decimal("retrieval.fallback.min-score", 0.20, 0, 2, "Below this best score, send the full schema"));
    public static final Setting<Integer> FALLBACK_MIN_CONTENT_WORDS = declare(Setting.integer(
            "retrieval.fallback.min-content-words",
            1,
            0,
            100,
            "Questions with fewer content words get the full schema"));
    public static final Setting<Integer> DOCS_TOPK =
            declare(Setting.integer("retrieval.docs.topk", 5, 0, 100, "Documentation chunks in the packet at most"));
    public static final Setting<Double> DOCS_MIN_SIMILARITY = declare(Setting.decimal(
            "retrieval.docs.min-similarity", 0.35, -1, 1, "Documentation chunks below this similarity are dropped"));
    public static final Setting<Double> DOCS_RELATIVE_CUTOFF = declare(
            Setting.decimal(
                    "retrieval.docs.relative-cutoff",
                    0.9,
                    0,
                    1,
                    "A documentation chunk is kept only while its similarity is at least this share of the nearest chunk's; 0 = no relative cut-off"));
    public static final Setting<Integer> DOCS_MAX_TOKENS = declare(
            Setting.integer(
                    "retrieval.docs.max-tokens",
                    300,
                    0,
                    10_000_000,
                    "Tokens the documentation chunks of a packet may take together; a chunk that does not fit is passed over for a shorter one; 0 = no budget"));
    public static final Setting<JoinHintFormat> JOIN_HINT_FORMAT = declare(
            Setting.choice("join.hint.format", JoinHintFormat.EDGES, JoinHintFormat.class, "Join hints in the packet"));
    public static final Setting<PacketFormat> PACKET_FORMAT = declare(Setting.choice(
            "retrieval.packet.format",
            PacketFormat.CREATE_TABLE,
            PacketFormat.class,
            "Schema rendering: CREATE TABLE statements or one compact line per table"));
    public static final Setting<Integer> PACKET_TABLE_MAX_TOKENS = declare(
            Setting.integer(
                    "retrieval.packet.table-max-tokens",
                    200,
                    0,
                    10_000_000,
                    "A leading table whose definition takes more tokens keeps its keys, joining columns, its two nearest column hits and the columns the question names in full and names the rest within this budget; 0 = every such table in full"));
    public static final Setting<Integer> PACKET_DETAILED_TABLES = declare(
            Setting.integer(
                    "retrieval.packet.detailed-tables",
                    3,
                    0,
                    MANY,
                    "The leading retrieved tables that get retrieval.packet.table-max-tokens; the others (later ranks, foreign-key neighbours, bridges) are written briefly within retrieval.packet.other-table-max-tokens"));
    public static final Setting<Integer> PACKET_OTHER_TABLE_MAX_TOKENS = declare(
            Setting.integer(
                    "retrieval.packet.other-table-max-tokens",
                    70,
                    0,
                    10_000_000,
                    "A table past the detailed ones (later ranks, foreign-key neighbours, bridges) is written briefly: its comment's first sentence, keys, joining columns and the columns the question names, on one line without comments, and the other columns named within this budget; 0 = every such table in full"));
    public static final Setting<Integer> CONTEXT_BUDGET_TOKENS = declare(Setting.integer(
            "retrieval.context.budget-tokens",
            12_000,
            1,
            10_000_000,
            "Packets above this many tokens are flagged over budget"));
    public static final Setting<Integer> QUESTION_MAX_BYTES = declare(
            Setting.integer(
                    "retrieval.question.max-bytes",
                    4 * 1024,
                    1,
                    10_000_000,
                    "A question or evidence longer than this, in UTF-8 bytes, is an invalid request; the service's value holds, a question cannot raise it"));

    public static final Setting<Double> ROUTING_MIN_MARGIN = declare(
            Setting.decimal(
                    "retrieval.routing.min-margin",
                    0.05,
                    0,
                    1,
                    "A question without a database goes to the best-scoring one only when it leads the second by this share of its score; otherwise it fails as ambiguous_database"));
    public static final Setting<Boolean> LLM_SELECT = declare(
            Setting.bool(
                    "retrieval.llm.select",
                    false,
                    "Asks the LLM (llm.base.url) which of the selected tables the question needs, and drops the others it was not sure of"));
    public static final Setting<Double> LLM_SELECT_KEEP_ABOVE = declare(Setting.decimal(
            "retrieval.llm.select.keep-above",
            0.8,
            0,
            1,
            "A selected table scoring at least this share of the best is kept whatever the LLM answers"));
    public static final Setting<Integer> LLM_SELECT_TIMEOUT_MS = declare(
            Setting.integer(
                    "retrieval.llm.select.timeout-ms",
                    3_000,
                    100,
                    5_000,
                    "The longest the selection step waits for the LLM; the selection stays as it was when it is late or fails"));

    private static final Map<String, Setting<?>> BY_VARIABLE = byVariable();

    /** The raw values these were resolved from; overrides are layered on them. */
    private final Settings values;

    private RetrievalSettings(Settings values) {
        values.validate(DECLARED);
        this.values = values;
    }

    public static RetrievalSettings defaults() {
        return new RetrievalSettings(Settings.of(Map.of()));
    }

    /**
     * The retrieval settings of resolved process configuration (e.g. {@code Settings.fromEnvironment}).
     *
     * @throws ConfigException naming the first key whose value is not accepted
     */
    public static RetrievalSettings from(Settings configured) {
        return new RetrievalSettings(configured);
    }

    /**
     * These settings with the given values taking precedence. Keys may be dotted or environment-style; unknown keys
     * are ignored (a question's settings map may carry other stages' settings).
     *
     * @throws ConfigException naming the first key whose value is not accepted
     */
    public RetrievalSettings withOverrides(Map<String, String> overrides) {
        if (overrides.isEmpty()) return this;
        Map<String, String> byKey = new HashMap<>();
        overrides.forEach((key, value) -> {
            if (key == null || value == null) return;
            Setting<?> setting = BY_VARIABLE.get(Setting.environmentVariable(key));
            // the historical alias yields to the setting's own name
            if (setting != null
                    && (setting.aliasVariable() == null
                            || !setting.aliasVariable().equals(Setting.environmentVariable(key))
                            || !byKey.containsKey(setting.key()))) {
                byKey.put(setting.key(), value.trim());
            }
        });
        return new RetrievalSettings(values.with(byKey));
    }

    /** These settings with at most {@code maxTables} tables in the packet, which must be in its setting's range. */
    public RetrievalSettings withMaxTables(int maxTables) {
        return new RetrievalSettings(values.with(Map.of(MAX_TABLES.key(), Integer.toString(maxTables))));
    }

    private static <T> Setting<T> declare(Setting<T> setting) {
        IN_ORDER.add(setting);
        return setting;
    }

    private static Map<String, Setting<?>> byVariable() {
        Map<String, Setting<?>> byVariable = new HashMap<>();
        for (Setting<?> s : DECLARED) {
            byVariable.put(s.environmentVariable(), s);
            if (s.aliasVariable() != null) byVariable.put(s.aliasVariable(), s);
        }
        return Map.copyOf(byVariable);
    }

    public boolean enabled() {
        return values.get(ENABLED);
    }

    public boolean answerCacheProbe() {
        return values.get(ANSWER_CACHE_PROBE);
    }

    public int tableThreshold() {
        return values.get(TABLE_THRESHOLD);
    }

    public int tableTopK() {
        return values.get(TABLE_TOPK);
    }

    public double tableMinSimilarity() {
        return values.get(TABLE_MIN_SIMILARITY);
    }

    public int columnTopK() {
        return values.get(COLUMN_TOPK);
    }

    public double columnMinSimilarity() {
        return values.get(COLUMN_MIN_SIMILARITY);
    }

    public double columnSecondWeight() {
        return values.get(COLUMN_SECOND_WEIGHT);
    }

    public double columnGenericFactor() {
        return values.get(COLUMN_GENERIC_FACTOR);
    }

    public double fusionTableWeight() {
        return values.get(FUSION_TABLE_WEIGHT);
    }

    public double fusionColumnWeight() {
        return values.get(FUSION_COLUMN_WEIGHT);
    }

    public boolean lexicalEnabled() {
        return values.get(LEXICAL_ENABLED);
    }

    public int lexicalTopK() {
        return values.get(LEXICAL_TOPK);
    }

    public double lexicalBm25K1() {
        return values.get(LEXICAL_BM25_K1);
    }

    public double lexicalBm25B() {
        return values.get(LEXICAL_BM25_B);
    }

    public int rrfK() {
        return values.get(RRF_K);
    }

    public double rrfDenseWeight() {
        return values.get(RRF_DENSE_WEIGHT);
    }

    public double rrfLexicalWeight() {
        return values.get(RRF_LEXICAL_WEIGHT);
    }

    public int selectTopK() {
        return values.get(SELECT_TOPK);
    }

    public int selectMinTables() {
        return values.get(SELECT_MIN_TABLES);
    }

    public double selectRelativeCutoff() {
        return values.get(SELECT_RELATIVE_CUTOFF);
    }

    public boolean selectBreadth() {
        return values.get(SELECT_BREADTH);
    }

    public boolean families() {
        return values.get(FAMILIES);
    }

    public int familyMinMembers() {
        return values.get(FAMILY_MIN_MEMBERS);
    }

    public int evidenceTopK() {
        return values.get(EVIDENCE_TOPK);
    }

    public double evidenceMinScore() {
        return values.get(EVIDENCE_MIN_SCORE);
    }

    public int fkMaxAdded() {
        return values.get(FK_MAX_ADDED);
    }

    public int fkParentsOfTop() {
        return values.get(FK_PARENTS_OF_TOP);
    }

    public int maxTables() {
        return values.get(MAX_TABLES);
    }

    public boolean bridgesEnabled() {
        return values.get(BRIDGES_ENABLED);
    }

    public double fallbackMinScore() {
        return values.get(FALLBACK_MIN_SCORE);
    }

    public int fallbackMinContentWords() {
        return values.get(FALLBACK_MIN_CONTENT_WORDS);
    }

    public int docsTopK() {
        return values.get(DOCS_TOPK);
    }

    public double docsMinSimilarity() {
        return values.get(DOCS_MIN_SIMILARITY);
    }

    public double docsRelativeCutoff() {
        return values.get(DOCS_RELATIVE_CUTOFF);
    }

    public int docsMaxTokens() {
        return values.get(DOCS_MAX_TOKENS);
    }

    public JoinHintFormat joinHintFormat() {
        return values.get(JOIN_HINT_FORMAT);
    }

    public PacketFormat packetFormat() {
        return values.get(PACKET_FORMAT);
    }

    public int packetTableMaxTokens() {
        return values.get(PACKET_TABLE_MAX_TOKENS);
    }

    public int packetDetailedTables() {
        return values.get(PACKET_DETAILED_TABLES);
    }

    public int packetOtherTableMaxTokens() {
        return values.get(PACKET_OTHER_TABLE_MAX_TOKENS);
    }

    public int contextBudgetTokens() {
        return values.get(CONTEXT_BUDGET_TOKENS);
    }

    public int questionMaxBytes() {
        return values.get(QUESTION_MAX_BYTES);
    }

    public double routingMinMargin() {
        return values.get(ROUTING_MIN_MARGIN);
    }

    public boolean llmSelect() {
        return values.get(LLM_SELECT);
    }

    public double llmSelectKeepAbove() {
        return values.get(LLM_SELECT_KEEP_ABOVE);
    }

    public int llmSelectTimeoutMs() {
        return values.get(LLM_SELECT_TIMEOUT_MS);
    }

    private List<Object> resolved() {
        return DECLARED.stream().<Object>map(values::get).toList();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RetrievalSettings other && resolved().equals(other.resolved());
    }

    @Override
    public int hashCode() {
        return resolved().hashCode();
    }

    @Override
    public String toString() {
        return "RetrievalSettings" + resolved();
    }
}
