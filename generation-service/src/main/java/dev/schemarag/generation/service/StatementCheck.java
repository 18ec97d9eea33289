package dev.schemarag.generation.service;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.validation.SchemaColumns;
import java.sql.SQLException;
import java.util.List;

/**
 * One statement of a registered database through the checks every generated candidate passes, nothing executed:
 * lint with the columns of the tables the last sync indexed (as generation sees them), the read-only guard, and
 * EXPLAIN as the role the database's registration maps the asker to, else its reader role. What {@code schemarag validate} and the MCP tool {@code validate_sql} run.
 */
public final class StatementCheck {
    /** Far beyond any query a person or a generator writes; keeps a runaway pipe or client from filling memory. */
    public static final int MAX_SQL_BYTES = 64 * 1024;

    private StatementCheck() {}

    /**
     * @param databaseId a database of {@code databases} with a reader login: EXPLAIN runs only as a read-only role
     * @param asker whose statement it is: EXPLAIN runs as the role the registration maps it to
     */
    public static StatementVerdict check(
            ServiceRuntime runtime, DatabaseRegistry databases, String databaseId, Asker asker, String statement)
            throws SQLException {
        try (TargetDatabasesByDialect targets = GenerationSettings.targetDatabases(runtime.settings(), databases)) {
            List<String> tables = new PgVectorSchemaStore(runtime.store())
                    .tables(databaseId).stream().map(TableName::toString).toList();
            SchemaColumns columns = targets.columns(databaseId, tables);
            return StatementVerdict.of(new StatementValidator(
                            targets,
                            GenerationSettings.statementLimits(runtime.settings()),
                            GenerationSettings.structuralBudget(runtime.settings()))
                    .validate(databaseId, asker, statement, columns));
        }
    }
}
