package dev.schemarag.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.postgres.PostgresTargetDatabases;
import dev.schemarag.generation.service.GenerationSettings;
import dev.schemarag.generation.validation.LintIssue;
import dev.schemarag.generation.validation.SchemaColumns;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag validate --db <id> [--json] <SQL | ->}: one statement through the checks every generated
 * candidate passes (lint, read-only guard, EXPLAIN as the reader role), nothing executed. Exit 0 when valid, 1 when
 * not, 2 for a usage error. Lint sees the columns of the tables the last sync indexed, as generation does.
 */
@Command(
        name = "validate",
        description = "Lint, safety-check and EXPLAIN one SQL statement as generated SQL is; "
                + "exit 0 when valid, 1 when not, 2 on a usage error.")
final class ValidateCommand implements Callable<Integer> {
    /** Far beyond any query a person or a generator writes; keeps a runaway pipe from filling memory. */
    static final int MAX_SQL_BYTES = 64 * 1024;

    static final String STDIN = "-";

    @Option(names = "--db", required = true, description = "registered database id, e.g. erp")
    String databaseId;

    @Option(names = "--json", description = "print the verdict as JSON")
    boolean json;

    @Parameters(index = "0", paramLabel = "SQL", description = "the statement, or - to read it from standard input")
    String sql;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        String statement;
        try {
            statement = statement(sql, System.in);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        try (Services services = Services.fromEnvironment()) {
            DatabaseRegistry databases = TargetDatabases.load(services);
            if (databases.find(databaseId).isEmpty()) {
                System.err.println("database '" + databaseId + "' is not registered");
                return 2;
            }
            if (databases.find(databaseId).get().reader() == null) {
                System.err.println(
                        "database '" + databaseId + "' has no reader login: validation runs only as a read-only"
                                + " role (add \"reader\": {\"user\", \"password\"} to its registration)");
                return 2;
            }
            Map<String, Object> view = verdict(services, databases, databaseId, statement);
            if (json)
                System.out.println(new ObjectMapper()
                        .enable(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(view));
            else System.out.print(text(view));
            return Boolean.TRUE.equals(view.get("valid")) ? 0 : 1;
        }
    }

    /**
     * The verdict on one statement of a registered database that has a reader login, as {@link #view}: lint with the
     * indexed tables' columns, the read-only guard, EXPLAIN as the reader role. Nothing is executed.
     */
    static Map<String, Object> verdict(
            ServiceRuntime services, DatabaseRegistry databases, String databaseId, String statement) throws Exception {
        try (PostgresTargetDatabases targets = GenerationSettings.targetDatabases(services.settings(), databases)) {
            List<String> tables = new PgVectorSchemaStore(services.store())
                    .tables(databaseId).stream().map(TableName::toString).toList();
            SchemaColumns columns = targets.columns(databaseId, tables);
            return view(new StatementValidator(
                            targets,
                            GenerationSettings.statementLimits(services.settings()),
                            GenerationSettings.structuralBudget(services.settings()))
                    .validate(databaseId, statement, columns));
        }
    }

    /**
     * The statement to validate: the argument itself, or standard input for {@code -}.
     *
     * @throws IllegalArgumentException for blank or oversized input (a usage error)
     */
    static String statement(String argument, InputStream stdin) throws IOException {
        String statement;
        if (STDIN.equals(argument)) {
            byte[] read = stdin.readNBytes(MAX_SQL_BYTES + 1);
            if (read.length > MAX_SQL_BYTES) throw tooLong();
            statement = new String(read, StandardCharsets.UTF_8);
        } else {
            statement = argument;
            if (statement.getBytes(StandardCharsets.UTF_8).length > MAX_SQL_BYTES) throw tooLong();
        }
        if (statement.isBlank()) throw new IllegalArgumentException("the SQL is empty");
        return statement.strip();
    }

    private static IllegalArgumentException tooLong() {
        return new IllegalArgumentException("the SQL is longer than " + MAX_SQL_BYTES + " bytes");
    }

    static Map<String, Object> view(StatementValidator.Validation validation) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("valid", validation.valid());
        v.put(
                "errorClass",
                validation.rejection().map(r -> r.errorClass().wireName()).orElse(null));
        v.put(
                "sqlstate",
                validation
                        .rejection()
                        .map(StatementValidator.Rejection::sqlState)
                        .orElse(null));
        v.put(
                "message",
                validation
                        .rejection()
                        .map(StatementValidator.Rejection::message)
                        .orElse(null));
        v.put(
                "lint",
                validation.lint().issues().stream().map(ValidateCommand::issue).toList());
        return v;
    }

    private static Map<String, Object> issue(LintIssue issue) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("code", issue.code().code());
        v.put("severity", issue.severity().name().toLowerCase(Locale.ROOT));
        v.put("message", issue.message());
        return v;
    }

    /** e.g. {@code invalid: sql_error (SQLSTATE 42703): column "x" does not exist}, then one line per lint issue. */
    static String text(Map<String, Object> view) {
        StringBuilder out = new StringBuilder();
        if (Boolean.TRUE.equals(view.get("valid"))) out.append("valid\n");
        else
            out.append("invalid: ")
                    .append(view.get("errorClass"))
                    .append(view.get("sqlstate") == null ? "" : " (SQLSTATE " + view.get("sqlstate") + ")")
                    .append(": ")
                    .append(view.get("message"))
                    .append('\n');
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> lint = (List<Map<String, Object>>) view.get("lint");
        for (Map<String, Object> issue : lint)
            out.append("  ")
                    .append(issue.get("severity"))
                    .append(' ')
                    .append(issue.get("code"))
                    .append(": ")
                    .append(issue.get("message"))
                    .append('\n');
        return out.toString();
    }
}
