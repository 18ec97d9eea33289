package dev.schemarag.app.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.generation.service.SqlRun;
import dev.schemarag.generation.service.StatementCheck;
import dev.schemarag.generation.service.StatementVerdict;
import dev.schemarag.retrieval.ContextView;
import dev.schemarag.retrieval.RetrievalFailure;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.SchemaRetriever;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the MCP server's tools do, over the project's own pieces: the registered databases, the retriever in this
 * process, the statement validator (it never executes what it checks), the statement runner (on databases registered
 * to execute) and the running pipeline. Every answer is a
 * JSON-ready map; bad input and failures are answers with {@code error} set, never exceptions, and never carry a stack
 * trace.
 */
public final class AgentTools {
    private static final Logger log = LoggerFactory.getLogger(AgentTools.class);
    /** Views as JSON fields, the same as the CLI prints them: null ones included. */
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A tool's answer: {@code error} marks a refusal or a failure that the content explains. */
    public record Answer(Map<String, Object> content, boolean error) {
        static Answer ok(Map<String, Object> content) {
            return new Answer(content, false);
        }

        static Answer refused(String errorClass, String message) {
            Map<String, Object> content = new LinkedHashMap<>();
            content.put("errorClass", errorClass);
            content.put("message", message);
            return new Answer(content, true);
        }
    }

    /** Lint, read-only guard and EXPLAIN as the reader role: {@code schemarag validate}'s verdict. */
    public interface SqlValidator {
        StatementVerdict validate(String databaseId, Asker asker, String sql) throws Exception;
    }

    /** Validation as {@link SqlValidator}, then, when valid, the statement run as the asker's role within the caps. */
    public interface SqlRunner {
        SqlRun run(String databaseId, Asker asker, String sql, int maxRows) throws Exception;
    }

    /** Publishes a question to the running pipeline and waits for its outcome: {@code schemarag ask}'s view. */
    public interface PipelineAsker {
        /** @param sqlOnly true for the validated SQL alone, not executed even where the database executes answers */
        OutcomeView ask(String databaseId, String question, boolean sqlOnly, Asker asker) throws Exception;
    }

    /** The rows {@code ask} returns at most: an agent reads them in its context window. */
    static final int ASK_MAX_ROWS = 100;

    /** The rows {@code run_sql} returns at most, and by default. */
    static final int RUN_MAX_ROWS = 1000;

    static final int RUN_DEFAULT_ROWS = 100;

    private final DatabaseRegistry databases;
    private final SchemaRetriever retriever;
    private final SqlValidator validator;
    private final SqlRunner runner;
    private final PipelineAsker pipeline;
    private final int maxQuestionBytes;

    public AgentTools(
            DatabaseRegistry databases,
            SchemaRetriever retriever,
            SqlValidator validator,
            SqlRunner runner,
            PipelineAsker pipeline,
            int maxQuestionBytes) {
        this.databases = databases;
        this.retriever = retriever;
        this.validator = validator;
        this.runner = runner;
        this.pipeline = pipeline;
        this.maxQuestionBytes = maxQuestionBytes;
    }

    Answer listDatabases() {
        List<Map<String, Object>> list = databases.all().stream()
                .map(db -> {
                    Map<String, Object> v = new LinkedHashMap<>();
                    v.put("id", db.id());
                    v.put("schemas", db.schemas());
                    v.put("validation", db.reader() != null);
                    v.put("execution", db.reader() != null && db.execute());
                    return v;
                })
                .toList();
        return Answer.ok(Map.of("databases", list));
    }

    /**
     * The context packet and, per table, why it is there: its score and retrieved, FK expansion, bridge or full; as
     * the asker's role may read the catalog.
     */
    Answer schemaContext(String databaseId, String question, Integer maxTables, Asker asker) {
        Answer refused = checkOptionalDatabase(databaseId);
        if (refused == null) refused = checkText("question", question, maxQuestionBytes);
        if (refused != null) return refused;
        RetrievalRequest request;
        try {
            request = RetrievalRequest.of(databaseId, question)
                    .withMaxTables(maxTables)
                    .withAsker(asker);
        } catch (IllegalArgumentException outOfRange) {
            return Answer.refused(ErrorClass.INVALID_REQUEST.wireName(), outOfRange.getMessage());
        }
        RetrievalResult result = retriever.retrieve(request);
        if (result instanceof RetrievalFailure f)
            return Answer.refused(f.errorClass().wireName(), f.message());
        return Answer.ok(fields(ContextView.of(((RetrievalResult.Retrieved) result).context())));
    }

    Answer validateSql(String databaseId, Asker asker, String sql) {
        Answer refused = checkStatement(databaseId, sql);
        if (refused != null) return refused;
        try {
            StatementVerdict verdict = validator.validate(databaseId, asker, sql.strip());
            return Answer.ok(JSON.convertValue(verdict, new TypeReference<Map<String, Object>>() {}));
        } catch (Exception e) {
            return failed("validate_sql", e);
        }
    }

    /**
     * The statement's rows, after the checks of {@link #validateSql}, on a database registered to execute answers;
     * at most {@code maxRows} (default {@link #RUN_DEFAULT_ROWS}, at most {@link #RUN_MAX_ROWS}).
     */
    Answer runSql(String databaseId, Asker asker, String sql, Integer maxRows) {
        Answer refused = checkStatement(databaseId, sql);
        if (refused != null) return refused;
        int rows = maxRows == null ? RUN_DEFAULT_ROWS : maxRows;
        if (rows < 1 || rows > RUN_MAX_ROWS)
            return Answer.refused(
                    ErrorClass.INVALID_REQUEST.wireName(), "max_rows must be between 1 and " + RUN_MAX_ROWS);
        if (!databases.find(databaseId).orElseThrow().execute())
            return Answer.refused(
                    ErrorClass.INVALID_REQUEST.wireName(),
                    "database '" + databaseId + "' is not registered to execute statements (db add --execute);"
                            + " validate_sql checks SQL on it without running it");
        try {
            SqlRun run = runner.run(databaseId, asker, sql.strip(), rows);
            return new Answer(fields(run), run instanceof SqlRun.NotRun);
        } catch (Exception e) {
            return failed("run_sql", e);
        }
    }

    /** The outcome, with at most {@link #ASK_MAX_ROWS} of the rows of an executed answer. */
    Answer ask(String databaseId, String question, boolean sqlOnly, Asker asker) {
        Answer refused = checkOptionalDatabase(databaseId);
        if (refused == null) refused = checkText("question", question, maxQuestionBytes);
        if (refused != null) return refused;
        try {
            OutcomeView outcome = pipeline.ask(databaseId, question, sqlOnly, asker);
            if (outcome instanceof OutcomeView.Answered answered) outcome = answered.firstRows(ASK_MAX_ROWS);
            return new Answer(fields(outcome), !(outcome instanceof OutcomeView.Answered));
        } catch (Exception e) {
            return failed("ask", e);
        }
    }

    /** A view as the JSON fields of a tool's structured content. */
    private static Map<String, Object> fields(Object view) {
        return JSON.convertValue(view, new TypeReference<Map<String, Object>>() {});
    }

    /** No database routes the question to the one its words point to; a database named must be registered. */
    private Answer checkOptionalDatabase(String databaseId) {
        return databaseId == null ? null : checkDatabase(databaseId);
    }

    private Answer checkDatabase(String databaseId) {
        if (databaseId == null || databaseId.isBlank())
            return Answer.refused(ErrorClass.INVALID_REQUEST.wireName(), "db is required");
        return databases.find(databaseId).isPresent()
                ? null
                : Answer.refused(
                        ErrorClass.UNKNOWN_DATABASE.wireName(),
                        "database '" + shorten(databaseId)
                                + "' is not registered; list_databases names those that are");
    }

    /** A registered database with a reader login, and one statement of acceptable size. */
    private Answer checkStatement(String databaseId, String sql) {
        Answer refused = checkDatabase(databaseId);
        if (refused == null) refused = checkText("sql", sql, StatementCheck.MAX_SQL_BYTES);
        if (refused != null) return refused;
        if (databases.find(databaseId).orElseThrow().reader() == null)
            return Answer.refused(
                    ErrorClass.INVALID_REQUEST.wireName(),
                    "database '" + databaseId + "' has no reader login: statements run only as a read-only role");
        return null;
    }

    private static Answer checkText(String name, String text, int maxBytes) {
        if (text == null || text.isBlank())
            return Answer.refused(ErrorClass.INVALID_REQUEST.wireName(), name + " is required");
        if (text.getBytes(StandardCharsets.UTF_8).length > maxBytes)
            return Answer.refused(
                    ErrorClass.INVALID_REQUEST.wireName(), name + " is longer than " + maxBytes + " bytes");
        return null;
    }

    /** The cause in one line for the client, the stack trace only in this process's log. */
    private static Answer failed(String tool, Exception e) {
        log.warn("MCP tool {} failed", tool, e);
        return Answer.refused(
                ErrorClass.INFRA_FAILURE.wireName(),
                tool + " failed: " + e.getClass().getSimpleName());
    }

    /** An echoed id stays short: a hostile client may send megabytes. */
    private static String shorten(String text) {
        return text.length() <= 64 ? text : text.substring(0, 64) + "…";
    }
}
