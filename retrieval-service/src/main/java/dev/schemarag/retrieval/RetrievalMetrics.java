package dev.schemarag.retrieval;

/** Names of the counters in {@link ContextMetadata#metrics()}. */
public final class RetrievalMetrics {
    public static final String TABLE_HITS = "table_hits";
    public static final String COLUMN_HITS = "column_hits";
    public static final String AVG_TABLE_SIMILARITY = "avg_table_similarity";
    public static final String AVG_COLUMN_SIMILARITY = "avg_column_similarity";
    /** Column hits per table that had any. */
    public static final String COLUMN_HITS_PER_TABLE = "column_hits_per_table";

    public static final String TABLES_ONLY_VIA_COLUMNS = "tables_only_via_columns";
    public static final String LEXICAL_HITS = "lexical_hits";
    /** Tables BM25 found that the vector search did not. */
    public static final String TABLES_ONLY_VIA_LEXICAL = "tables_only_via_lexical";

    public static final String FK_CANDIDATES = "fk_candidates";
    public static final String FK_ADDED = "fk_added";
    /** FK candidates left out for lack of evidence. */
    public static final String FK_BLOCKED = "fk_blocked";
    /** FK candidates with evidence left out by the caps. */
    public static final String FK_CAPPED = "fk_capped";

    public static final String BRIDGES_ADDED = "bridges_added";
    /** Selected tables no FK path could join to the rest within the cap. */
    public static final String UNCONNECTED_TABLES = "unconnected_tables";

    public static final String FINAL_TABLES = "final_tables";
    /** The LLM selection step, when it ran: its time, the tables it dropped, the tokens the endpoint counted. */
    public static final String LLM_SELECT_MS = "llm_select_ms";

    public static final String LLM_SELECT_DROPPED = "llm_select_dropped";
    public static final String LLM_SELECT_PROMPT_TOKENS = "llm_select_prompt_tokens";
    public static final String LLM_SELECT_COMPLETION_TOKENS = "llm_select_completion_tokens";
    /** The prompt's size in cl100k tokens as retrieval counts it, whatever the endpoint reports. */
    public static final String LLM_SELECT_PROMPT_CL100K = "llm_select_prompt_cl100k";
    /** 1 when the step failed (unreachable, late, refused): the selection stayed as retrieval made it. */
    public static final String LLM_SELECT_FAILED = "llm_select_failed";

    /** Time in {@code retrieve}, embedding included. */
    public static final String LATENCY_MS = "latency_ms";

    private RetrievalMetrics() {}
}
