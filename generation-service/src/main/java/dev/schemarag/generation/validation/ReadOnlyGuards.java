package dev.schemarag.generation.validation;

import dev.schemarag.core.config.SqlDialect;

/** The read-only guard of each dialect, all under the same size limits and structural budget. */
public final class ReadOnlyGuards {

    private final ReadOnlySafetyGuard postgres;
    private final MySqlReadOnlyGuard mysql;

    public ReadOnlyGuards(StatementLimits limits, StructuralBudget budget) {
        this.postgres = new ReadOnlySafetyGuard(limits, budget);
        this.mysql = new MySqlReadOnlyGuard(limits, budget);
    }

    /** MySQL and MariaDB share one guard: it refuses what either reads differently (executable comments of both). */
    public ReadOnlyGuard forDialect(SqlDialect dialect) {
        return switch (dialect) {
            case POSTGRESQL -> postgres;
            case MYSQL, MARIADB -> mysql;
        };
    }
}
