package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.SqlDialect;
import org.junit.jupiter.api.Test;

class ReadOnlyGuardsTest {

    private final ReadOnlyGuards guards = new ReadOnlyGuards(StatementLimits.DEFAULT, StructuralBudget.DEFAULT);

    @Test
    void givenPostgres_whenChosen_thenPostgresBuiltInsAndLexicalRules() {
        ReadOnlyGuard postgres = guards.forDialect(SqlDialect.POSTGRESQL);

        assertThat(postgres.check("SELECT n FROM generate_series(1, 3) AS g(n)").allowed())
                .isTrue();
        assertThat(postgres.check("SELECT IFNULL(a, 0) FROM t").reason()).contains("function ifnull");
    }

    @Test
    void givenMySqlOrMariaDb_whenChosen_thenOneGuardWithMySqlRules() {
        for (SqlDialect dialect : new SqlDialect[] {SqlDialect.MYSQL, SqlDialect.MARIADB}) {
            ReadOnlyGuard mysql = guards.forDialect(dialect);

            assertThat(mysql.check("SELECT IFNULL(a, 0) FROM t # note").allowed())
                    .isTrue();
            assertThat(mysql.check("SELECT n FROM generate_series(1, 3) AS g(n)")
                            .reason())
                    .contains("function generate_series");
            assertThat(mysql.check("SELECT 1 /*M! , SLEEP(5) */").reason()).contains("executable comments");
        }
    }

    @Test
    void givenTighterBudget_whenChosen_thenEveryDialectAppliesIt() {
        StructuralBudget oneRelation = new StructuralBudget(32, 16, 1, 64, 10_000);
        ReadOnlyGuards tight = new ReadOnlyGuards(StatementLimits.DEFAULT, oneRelation);

        for (SqlDialect dialect : SqlDialect.values()) {
            assertThat(tight.forDialect(dialect)
                            .check("SELECT 1 FROM a JOIN b ON a.id = b.id")
                            .reason())
                    .as(dialect.name())
                    .contains("GENERATION_SQL_MAX_RELATIONS");
        }
    }
}
