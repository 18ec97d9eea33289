package dev.schemarag.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class SqlDialectTest {

    @ParameterizedTest
    @CsvSource({
        "jdbc:postgresql://db.example:5432/sales, POSTGRESQL",
        "jdbc:postgresql:sales, POSTGRESQL",
        "jdbc:mysql://db.example:3306/sales?useSSL=true, MYSQL",
        "'jdbc:mysql:loadbalance://a:3306,b:3306/sales', MYSQL",
        "jdbc:mysql+srv://_mysql._tcp.example/sales, MYSQL",
        "jdbc:mariadb://db.example:3306/sales, MARIADB",
        "'jdbc:mariadb:replication://a,b/sales', MARIADB"
    })
    void givenDriverPrefix_whenDerived_thenItsDialect(String url, SqlDialect dialect) {
        assertThat(SqlDialect.ofJdbcUrl(url)).contains(dialect);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(
            strings = {
                "jdbc:sqlite:/tmp/x.db",
                "jdbc:sqlserver://db:1433",
                "JDBC:POSTGRESQL://db/sales",
                "jdbc:mysqlx://db:33060/sales",
                "postgresql://db/sales",
                "jdbc:postgres://db/sales",
                " jdbc:mysql://db/sales"
            })
    void givenAnyOtherUrl_whenDerived_thenNoDialect(String url) {
        assertThat(SqlDialect.ofJdbcUrl(url)).isEmpty();
    }
}
