package dev.schemarag.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.testkit.SharedTestStack;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The real PostgreSQL: pgvector, logical decoding for Debezium, databases and replication slots. */
class EmbeddedPostgresIT {
    private final EmbeddedPostgres postgres = SharedTestStack.get().postgres();

    @Test
    void theRagDatabaseHasPgvector() throws SQLException {
        assertThat(queryOne(EmbeddedPostgres.RAG_DATABASE, "SELECT '[1,2,3]'::vector <-> '[1,2,5]'::vector"))
                .isEqualTo("2");
    }

    @Test
    void walLevelIsLogicalForDebezium() throws SQLException {
        assertThat(queryOne("postgres", "SHOW wal_level")).isEqualTo("logical");
    }

    @Test
    void theDemoDatabaseExistsAndIsReachableByJdbcUrl() throws SQLException {
        assertThat(queryOne(EmbeddedPostgres.DEMO_DATABASE, "SELECT current_database()"))
                .isEqualTo("erp");
        assertThat(postgres.jdbcUrl("erp")).isEqualTo("jdbc:postgresql://127.0.0.1:" + postgres.port() + "/erp");
    }

    @Test
    void createDatabaseIfMissingIsIdempotent() throws SQLException {
        postgres.createDatabaseIfMissing("it_created_twice");
        postgres.createDatabaseIfMissing("it_created_twice");

        assertThat(queryOne("it_created_twice", "SELECT current_database()")).isEqualTo("it_created_twice");
    }

    @Test
    void aDatabaseNameThatIsNotAPlainIdentifierIsRejected() {
        assertThatThrownBy(() -> postgres.createDatabaseIfMissing("x; DROP DATABASE erp"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be a lower-case SQL identifier");
    }

    @Test
    void inactiveReplicationSlotsAreDropped() throws SQLException {
        queryOne("erp", "SELECT slot_name FROM pg_create_logical_replication_slot('it_inactive_slot', 'pgoutput')");

        assertThat(postgres.dropReplicationSlots()).contains("it_inactive_slot");
        assertThat(queryOne(
                        "postgres", "SELECT count(*) FROM pg_replication_slots WHERE slot_name = 'it_inactive_slot'"))
                .isEqualTo("0");
    }

    private String queryOne(String database, String sql) throws SQLException {
        try (Connection connection = postgres.connect(database);
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getString(1);
        }
    }
}
