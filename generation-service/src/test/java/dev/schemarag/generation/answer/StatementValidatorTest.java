package dev.schemarag.generation.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.generation.validation.LintCode;
import dev.schemarag.generation.validation.SchemaColumns;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatementValidatorTest {
    private static final SchemaColumns COLUMNS = SchemaColumns.of(Map.of(
            "hr.employees", List.of("employee_id", "name", "department_id"),
            "hr.departments", List.of("department_id", "name")));

    /** The target: records what it is asked to plan and refuses SQL mentioning {@code missing_column} with 42703. */
    private final List<String> explained = new ArrayList<>();

    private final TargetDatabases target = new TargetDatabases() {
        @Override
        public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
            explained.add(sql);
            return sql.contains("missing_column")
                    ? new ExplainResult.Rejected("42703", "ERROR: column \"missing_column\" does not exist")
                    : new ExplainResult.Planned("Seq Scan");
        }

        @Override
        public boolean admits(String databaseId, Asker asker) {
            return true;
        }

        @Override
        public boolean executes(String databaseId) {
            return false;
        }

        @Override
        public SqlDialect dialect(String databaseId) {
            return databaseId.equals("shop") ? SqlDialect.MYSQL : SqlDialect.POSTGRESQL;
        }

        @Override
        public SchemaColumns columns(String databaseId, List<String> tables) {
            return COLUMNS;
        }
    };
    private final StatementValidator validator = new StatementValidator(target);

    @Test
    void aPlannedStatementIsValidAndKeepsItsLintWarnings() {
        StatementValidator.Validation v = validator.validate(
                "hr",
                Asker.ANONYMOUS,
                "SELECT name FROM hr.employees e JOIN hr.departments d ON e.department_id = d.department_id",
                COLUMNS);

        assertThat(v.valid()).isTrue();
        assertThat(v.lint().has(LintCode.AMBIGUOUS_COLUMN)).isTrue();
        assertThat(explained).hasSize(1);
    }

    @Test
    void eachDatabaseIsGuardedInItsOwnDialect() {
        String mysqlOnly = "SELECT IFNULL(name, '') FROM hr.employees";

        assertThat(validator.guard("shop", mysqlOnly)).isEmpty();
        assertThat(validator.guard("hr", mysqlOnly))
                .hasValueSatisfying(r -> assertThat(r.message()).contains("function ifnull is not allowed"));
        assertThat(validator.guard("shop", "SELECT SLEEP(5)"))
                .hasValueSatisfying(r -> assertThat(r.errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK));
        assertThat(validator
                        .validate("shop", Asker.ANONYMOUS, mysqlOnly, COLUMNS)
                        .valid())
                .isTrue();
        assertThat(validator.validate("hr", Asker.ANONYMOUS, mysqlOnly, COLUMNS).valid())
                .isFalse();
    }

    @Test
    void aLintErrorIsAnSqlErrorAndNeverReachesTheDatabase() {
        StatementValidator.Validation v =
                validator.validate("hr", Asker.ANONYMOUS, "SELECT name, FROM hr.employees", COLUMNS);

        assertThat(v.rejection()).hasValueSatisfying(r -> {
            assertThat(r.errorClass()).isEqualTo(ErrorClass.SQL_ERROR);
            assertThat(r.sqlState()).isNull();
            assertThat(r.message()).startsWith("lint: trailing_comma_select");
        });
        assertThat(explained).isEmpty();
    }

    @Test
    void aTooComplexStatementIsAValidationBlockBeforeLintAndNeverReachesTheDatabase() {
        StatementValidator.Validation v = validator.validate(
                "hr", Asker.ANONYMOUS, "SELECT " + "(".repeat(3000) + "1" + ")".repeat(3000), COLUMNS);

        assertThat(v.rejection()).hasValueSatisfying(r -> {
            assertThat(r.errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
            assertThat(r.message()).startsWith("statement too complex");
        });
        assertThat(explained).isEmpty();
    }

    @Test
    void aWriteIsAValidationBlockAndNeverReachesTheDatabase() {
        StatementValidator.Validation v =
                validator.validate("hr", Asker.ANONYMOUS, "DELETE FROM hr.employees", COLUMNS);

        assertThat(v.rejection()).hasValueSatisfying(r -> {
            assertThat(r.errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
            assertThat(r.message()).startsWith("blocked by the read-only guard: ");
        });
        assertThat(explained).isEmpty();
    }

    @Test
    void aRefusalOfTheDatabaseIsClassifiedByItsSqlState() {
        StatementValidator.Validation v =
                validator.validate("hr", Asker.ANONYMOUS, "SELECT missing_column FROM hr.employees", COLUMNS);

        assertThat(v.rejection()).hasValueSatisfying(r -> {
            assertThat(r.errorClass()).isEqualTo(ErrorClass.SQL_ERROR);
            assertThat(r.sqlState()).isEqualTo("42703");
            assertThat(r.message()).contains("missing_column");
        });
    }

    @Test
    void twoStatementsAreBlockedAndNeverReachTheDatabase() {
        StatementValidator.Validation v = validator.validate("hr", Asker.ANONYMOUS, "SELECT 1; SELECT 2", COLUMNS);

        assertThat(v.rejection())
                .hasValueSatisfying(r -> assertThat(r.errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK));
        assertThat(explained).isEmpty();
    }
}
