package dev.schemarag.generation.staleness;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.validation.SchemaColumns;
import java.time.Duration;

/**
 * Plans an example's SQL again the way every answer is validated ({@link StatementValidator}: limits, lint, the
 * read-only guard, then EXPLAIN in a read-only transaction as the database's reader role), and tells a broken example
 * from a database that cannot tell. Lint gets no columns: whether the columns exist is the database's to say, with its
 * SQLSTATE.
 */
public final class ExampleReplanner {
    private final StatementValidator validator;
    private final Duration explainAtMost;

    /** @param explainAtMost the longest one EXPLAIN may run, when less than the statement timeout */
    public ExampleReplanner(StatementValidator validator, Duration explainAtMost) {
        this.validator = validator;
        this.explainAtMost = explainAtMost;
    }

    public Replan replan(String databaseId, String sql) {
        StatementValidator.Validation validation =
                validator.validate(databaseId, Asker.ANONYMOUS, sql, SchemaColumns.empty(), explainAtMost);
        if (validation.valid()) return new Replan.Plans();
        return of(validation.rejection().orElseThrow());
    }

    /** Only a rejection of the SQL itself breaks an example: an outage or a timeout says nothing about it. */
    static Replan of(StatementValidator.Rejection rejection) {
        ErrorClass errorClass = rejection.errorClass();
        if (errorClass != ErrorClass.SQL_ERROR && errorClass != ErrorClass.VALIDATION_BLOCK)
            return new Replan.Undecided(errorClass.wireName() + ": " + rejection.message());
        // The driver's message reads "ERROR: <what>" and then where: the reason keeps what.
        String message =
                rejection.message().strip().lines().findFirst().orElse("").replaceFirst("^ERROR:\\s*", "");
        String reason = rejection.sqlState() == null ? message : rejection.sqlState() + " " + message;
        return new Replan.Broken(rejection.sqlState(), reason);
    }
}
