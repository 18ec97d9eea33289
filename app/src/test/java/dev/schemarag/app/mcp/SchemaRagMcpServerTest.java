package dev.schemarag.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.core.admin.Caller;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.questions.NoOutcome;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.generation.service.SqlRun;
import dev.schemarag.retrieval.ContextView;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The tools' output schemas against what the tools return, with the validator the SDK checks each successful result
 * with: a result that did not match would reach the agent as a tool error.
 */
class SchemaRagMcpServerTest {
    /** A call's exchange as the stdio transport makes it: its transport context names no caller. */
    private static final McpSyncServerExchange STDIO = new McpSyncServerExchange(
            new McpAsyncServerExchange("session", null, null, null, McpTransportContext.EMPTY));

    private static final JsonSchemaValidator VALIDATOR = new DefaultJsonSchemaValidator();
    private static final DatabaseRegistry DATABASES = new DatabaseRegistry(List.of(new RegisteredDatabase(
                    "erp",
                    "jdbc:postgresql://127.0.0.1:5432/erp",
                    new Credentials("admin", "secret"),
                    new Credentials("reader", "secret"),
                    List.of("public"),
                    null,
                    null)
            .withExecute(true)));
    /** What the fake runner returns: a masked column's cells are null. */
    private static final SqlRun.Ran RAN = new SqlRun.Ran(
            List.of(new OutcomeView.Column("n", "int4", false), new OutcomeView.Column("email", "text", true)),
            List.of(Arrays.asList("1", null), Arrays.asList(null, null)),
            2,
            true,
            4,
            "reader",
            List.of());

    @Test
    void theToolsWhoseResultIsATypedViewDeclareItsSchemaAsAnObject() {
        Map<String, McpSchema.Tool> tools = tools(answered(null));

        assertThat(tools.get("get_schema_context").outputSchema()).containsEntry("type", "object");
        assertThat(tools.get("ask").outputSchema()).containsEntry("type", "object");
        assertThat(tools.get("list_databases").outputSchema()).isNull();
        assertThat(tools.get("validate_sql").outputSchema()).isNull();
        assertThat(tools.get("run_sql").outputSchema()).containsEntry("type", "object");
    }

    @Test
    void runSqlRowsWithNullAndMaskedCellsMatchTheOutputSchema() {
        SyncToolSpecification runSql = specifications(answered(null)).stream()
                .filter(s -> s.tool().name().equals("run_sql"))
                .findFirst()
                .orElseThrow();

        CallToolResult result = runSql.callHandler()
                .apply(
                        STDIO,
                        McpSchema.CallToolRequest.builder("run_sql")
                                .arguments(Map.of("db", "erp", "sql", "SELECT n, email FROM t", "max_rows", 2))
                                .build());

        assertThat(result.isError()).isFalse();
        assertMatches(runSql.tool().outputSchema(), result.structuredContent());
        Map<?, ?> structured = (Map<?, ?>) result.structuredContent();
        assertThat(structured.get("rowCount")).isEqualTo(2);
        assertThat(structured.get("truncated")).isEqualTo(true);
    }

    @Test
    void anAnsweredAskMatchesTheOutputSchemaWithOrWithoutRetrievalMetadata() {
        for (OutcomeView outcome :
                List.of(answered(null), answered(new OutcomeView.Metadata("rag", 2, 5, 0.5, null, 300, 900, "12")))) {
            CallToolResult result = call(outcome);

            assertThat(result.isError()).isFalse();
            assertMatches(outcomeSchema(), result.structuredContent());
        }
    }

    @Test
    void rowsWithNullCellsCutToTheirFirstHundredMatchTheOutputSchema() {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < 150; i++) rows.add(Arrays.asList(i % 2 == 0 ? null : String.valueOf(i), null));
        OutcomeView executed = OutcomeView.Answered.builder("q1", "SELECT n, email FROM t")
                .confidence(0.9)
                .tablesUsed(List.of("public.t"))
                .attempts(1)
                .rows(
                        List.of(
                                new OutcomeView.Column("n", "int4", false),
                                new OutcomeView.Column("email", "text", true)),
                        rows,
                        150,
                        false)
                .execution(3L, "reader")
                .build();

        CallToolResult result = call(executed);

        assertThat(result.isError()).isFalse();
        assertThat((List<?>) ((Map<?, ?>) result.structuredContent()).get("rows"))
                .hasSize(AgentTools.ASK_MAX_ROWS);
        assertMatches(outcomeSchema(), result.structuredContent());
    }

    @Test
    void everyOutcomeMatchesExactlyOneShapeOfTheOutputSchema() {
        for (OutcomeView outcome : List.of(
                answered(null),
                new OutcomeView.Failed("q1", "sql_error", "42P01", 3, "no such table", "validation", null),
                new OutcomeView.NoAnswer(NoOutcome.TIMEOUT, null))) {
            assertMatches(outcomeSchema(), call(outcome).structuredContent());
        }
    }

    @Test
    void aSchemaContextMatchesTheOutputSchemaWhetherTheQuestionWasRoutedOrNot() {
        for (Double routingConfidence : new Double[] {null, 0.4}) {
            ContextView context = new ContextView(
                    "erp",
                    "rag",
                    null,
                    List.of(new ContextView.Table(
                            1, "hr.employees", "retrieved", 0.7, 0.6, 0.4, 2, 1, 3, 0.03, "retrieved", List.of())),
                    List.of(),
                    List.of(),
                    List.of(new ContextView.Doc(null, "database", 0.5, "HR data")),
                    new ContextView.Tokens(120, 900, 780, false),
                    120,
                    900,
                    "CREATE TABLE hr.employees (...);",
                    routingConfidence);

            assertMatches(
                    tools(answered(null)).get("get_schema_context").outputSchema(),
                    new ObjectMapper().convertValue(context, new TypeReference<Map<String, Object>>() {}));
        }
    }

    /** Valid, matching exactly one shape where the schema has several, and carrying every property it requires. */
    @SuppressWarnings("unchecked")
    private static void assertMatches(Map<String, Object> schema, Object structured) {
        JsonSchemaValidator.ValidationResponse response = VALIDATOR.validate(schema, structured);
        assertThat(response.valid()).as(response.errorMessage()).isTrue();
        List<Map<String, Object>> shapes = (List<Map<String, Object>>) schema.getOrDefault("oneOf", List.of(schema));
        List<Map<String, Object>> matched = shapes.stream()
                .filter(shape -> VALIDATOR.validate(shape, structured).valid())
                .toList();
        assertThat(matched).hasSize(1);
        assertThat(((Map<String, Object>) structured).keySet())
                .containsAll((List<String>) matched.get(0).get("required"));
    }

    private static Map<String, Object> outcomeSchema() {
        return tools(answered(null)).get("ask").outputSchema();
    }

    private static CallToolResult call(OutcomeView outcome) {
        SyncToolSpecification ask = specifications(outcome).stream()
                .filter(s -> s.tool().name().equals("ask"))
                .findFirst()
                .orElseThrow();
        return ask.callHandler()
                .apply(
                        STDIO,
                        McpSchema.CallToolRequest.builder("ask")
                                .arguments(Map.of("db", "erp", "question", "how many orders?"))
                                .build());
    }

    private static Map<String, McpSchema.Tool> tools(OutcomeView askOutcome) {
        return specifications(askOutcome).stream()
                .map(SyncToolSpecification::tool)
                .collect(Collectors.toMap(McpSchema.Tool::name, t -> t));
    }

    private static List<SyncToolSpecification> specifications(OutcomeView askOutcome) {
        return SchemaRagMcpServer.tools(
                new AgentTools(
                        DATABASES,
                        null,
                        null,
                        (db, asker, sql, maxRows) -> RAN,
                        (db, question, sqlOnly, asker) -> askOutcome,
                        100),
                new Caller.Operator(true));
    }

    private static OutcomeView answered(OutcomeView.Metadata metadata) {
        return OutcomeView.Answered.builder("q1", "SELECT 1")
                .explanation("one row")
                .confidence(0.9)
                .tablesUsed(List.of("public.t"))
                .attempts(1)
                .retrievalMetadata(metadata)
                .rows(List.of(new OutcomeView.Column("?column?", "int4", false)), List.of(Arrays.asList("1")), 1, false)
                .execution(3L, "reader")
                .build();
    }
}
