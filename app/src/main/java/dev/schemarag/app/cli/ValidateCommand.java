package dev.schemarag.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.schemarag.app.Services;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.generation.service.StatementCheck;
import dev.schemarag.generation.service.StatementVerdict;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
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
    static final String STDIN = "-";

    @Option(names = "--db", required = true, description = "registered database id, e.g. erp")
    String databaseId;

    @Option(names = "--json", description = "print the verdict as JSON")
    boolean json;

    @Option(
            names = "--as",
            paramLabel = "PRINCIPAL",
            description = "EXPLAIN as the database role the registration maps this principal to")
    String principal;

    @Parameters(index = "0", paramLabel = "SQL", description = "the statement, or - to read it from standard input")
    String sql;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String statement;
        try {
            statement = statement(sql, System.in);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        try (Services services = Services.fromEnvironment()) {
            DatabaseRegistry databases = TargetDatabases.load(services);
            if (databases.find(databaseId).isEmpty()) {
                err.println("database '" + databaseId + "' is not registered");
                return 2;
            }
            if (databases.find(databaseId).get().reader() == null) {
                err.println("database '" + databaseId + "' has no reader login: validation runs only as a read-only"
                        + " role (add \"reader\": {\"user\", \"password\"} to its registration)");
                return 2;
            }
            StatementVerdict verdict =
                    StatementCheck.check(services, databases, databaseId, Asker.of(principal), statement);
            if (json)
                out.println(new ObjectMapper()
                        .enable(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(verdict));
            else out.print(text(verdict));
            return verdict.valid() ? 0 : 1;
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
            byte[] read = stdin.readNBytes(StatementCheck.MAX_SQL_BYTES + 1);
            if (read.length > StatementCheck.MAX_SQL_BYTES) throw tooLong();
            statement = new String(read, StandardCharsets.UTF_8);
        } else {
            statement = argument;
            if (statement.getBytes(StandardCharsets.UTF_8).length > StatementCheck.MAX_SQL_BYTES) throw tooLong();
        }
        if (statement.isBlank()) throw new IllegalArgumentException("the SQL is empty");
        return statement.strip();
    }

    private static IllegalArgumentException tooLong() {
        return new IllegalArgumentException("the SQL is longer than " + StatementCheck.MAX_SQL_BYTES + " bytes");
    }

    /** e.g. {@code invalid: sql_error (SQLSTATE 42703): column "x" does not exist}, then one line per lint issue. */
    static String text(StatementVerdict verdict) {
        StringBuilder out = new StringBuilder();
        if (verdict.valid()) out.append("valid\n");
        else
            out.append("invalid: ")
                    .append(verdict.errorClass())
                    .append(verdict.sqlstate() == null ? "" : " (SQLSTATE " + verdict.sqlstate() + ")")
                    .append(": ")
                    .append(verdict.message())
                    .append('\n');
        for (StatementVerdict.LintFinding finding : verdict.lint())
            out.append("  ")
                    .append(finding.severity())
                    .append(' ')
                    .append(finding.code())
                    .append(": ")
                    .append(finding.message())
                    .append('\n');
        return out.toString();
    }
}
