package dev.schemarag.generation;

import dev.schemarag.core.config.SqlDialect;
import java.util.List;

/**
 * Builds the text-to-SQL prompt from a {@link GenerationRequest}, in the SQL dialect of its database. Pure: same
 * request, same prompt.
 */
public final class PromptBuilder {

    private static final String POSTGRESQL = """
            You are an expert PostgreSQL analyst who translates questions into a single SQL query.
            Write PostgreSQL dialect only: ILIKE, ::casts, date_trunc, LIMIT/OFFSET, FILTER (WHERE ...), no TOP, no backticks.
            """;

    private static final String MYSQL = """
            You are an expert %s analyst who translates questions into a single SQL query.
            Write %s dialect only: backticks around identifiers that need quoting, never double quotes; LIKE (case-insensitive
            under the default collation), CAST(x AS ...), CONCAT() to join strings, DATE_FORMAT, EXTRACT, YEAR(), DATEDIFF,
            LIMIT/OFFSET, CASE inside aggregates; no ILIKE, no ::casts, no FILTER (WHERE ...), no || for concatenation,
            no TOP, no optimizer hints or /*! */ comments.
            """;

    private static final String RULES = """

            Rules:
            1. Use only the tables and columns listed in the schema context; never invent names.
            2. Write exactly one read-only statement: a SELECT (a WITH ... SELECT is fine). No INSERT, UPDATE, DELETE, DDL,
               no SELECT INTO, no FOR UPDATE, no semicolon-separated statements, no %s or other side-effecting functions.
            3. Qualify every column with its table alias (e.g. e.last_name), and schema-qualify every table.
            4. Join only through the listed join conditions unless the question requires otherwise.
            5. If the question is ambiguous, pick the most reasonable reading and state it under assumptions.

            Answer with a JSON object and nothing else:
            {"query": "<the SQL>", "explanation": "<one or two sentences>", "confidence": <0..1>,
             "tablesUsed": ["schema.table", ...], "assumptions": ["...", ...]}""";

    /** The system message for a database that speaks {@code dialect}. */
    static String system(SqlDialect dialect) {
        return switch (dialect) {
            case POSTGRESQL -> POSTGRESQL + RULES.formatted("pg_sleep");
            case MYSQL -> MYSQL.formatted("MySQL", "MySQL") + RULES.formatted("SLEEP");
            case MARIADB -> MYSQL.formatted("MariaDB", "MariaDB") + RULES.formatted("SLEEP");
        };
    }

    public Prompt build(GenerationRequest request) {
        StringBuilder user = new StringBuilder();
        user.append("### Schema context\n")
                .append(request.contextPacket().strip())
                .append("\n\n");
        section(user, "Join conditions", request.joinHints());
        section(user, "Documentation", request.docs());
        request.evidence()
                .ifPresent(e -> user.append("### Evidence\n").append(e.strip()).append("\n\n"));
        user.append("### Question\n").append(request.question().strip()).append('\n');
        request.repair().ifPresent(r -> user.append("\n### Repair\n")
                .append("Your previous query failed.\nPrevious query:\n")
                .append(r.previousSql().strip())
                .append("\nError: ")
                .append(r.error().strip())
                .append("\nInstruction: ")
                .append(r.instruction().strip())
                .append('\n'));
        return new Prompt(system(request.dialect()), user.toString());
    }

    private static void section(StringBuilder user, String title, List<String> lines) {
        if (lines.isEmpty()) return;
        user.append("### ").append(title).append('\n');
        lines.forEach(line -> user.append("- ").append(line.strip()).append('\n'));
        user.append('\n');
    }
}
