package dev.schemarag.generation.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class MySqlTimeBoundTest {

    @Test
    void mariaDbBoundsTheStatementItselfInSeconds() {
        MySqlTimeBound bound = MySqlTimeBound.of("MariaDB", Duration.ofMillis(1500));

        assertThat(bound.session()).isEmpty();
        assertThat(bound.statement("SELECT 1")).isEqualTo("SET STATEMENT max_statement_time=1.500 FOR SELECT 1");
        assertThat(MySqlTimeBound.of("MariaDB", Duration.ZERO).statement("SELECT 1"))
                .as("0 would turn the bound off")
                .startsWith("SET STATEMENT max_statement_time=0.001 FOR ");
    }

    @Test
    void mySqlBoundsTheSessionInMillisecondsAndLeavesTheTextAlone() {
        MySqlTimeBound bound = MySqlTimeBound.of("MySQL", Duration.ofSeconds(5));

        assertThat(bound.session()).contains("SET SESSION max_execution_time=5000");
        assertThat(bound.statement("WITH t AS (SELECT 1) SELECT * FROM t"))
                .isEqualTo("WITH t AS (SELECT 1) SELECT * FROM t");
    }

    @Test
    void theReaderPoolAsksForServerSidePreparedStatements() {
        assertThat(MySqlReaderSessions.serverPrepared("jdbc:mariadb://h:3306/db"))
                .isEqualTo("jdbc:mariadb://h:3306/db?useServerPrepStmts=true");
        assertThat(MySqlReaderSessions.serverPrepared("jdbc:mariadb://h/db?connectTimeout=2000"))
                .isEqualTo("jdbc:mariadb://h/db?connectTimeout=2000&useServerPrepStmts=true");
    }
}
