package dev.schemarag.ingest.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.pgvector.PGvector;
import dev.schemarag.core.retry.TransientFailures;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.EntityKey;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.core.store.StoredEntity;
import dev.schemarag.ingest.sync.SchemaStoreException;
import dev.schemarag.stack.EmbeddedPostgres;
import dev.schemarag.testkit.SharedTestStack;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The schema store port on real PostgreSQL: writes land in the store, vectors exactly as given, and an SQL failure keeps
 * its SQLSTATE.
 */
class PgVectorSchemaWritesIT {
    private static final String DB = "schema_writes_it";
    private static final TableName ORDERS = new TableName("public", "orders");

    private static Database store;
    private static Database unmigrated;

    @BeforeAll
    static void connect() {
        EmbeddedPostgres postgres = SharedTestStack.get().postgres();
        store = new Database(postgres.jdbcUrl("schemarag"), postgres.user(), postgres.password());
        store.migrateStore();
        postgres.createDatabaseIfMissing(DB);
        unmigrated = new Database(postgres.jdbcUrl(DB), postgres.user(), postgres.password());
    }

    @AfterAll
    static void close() {
        if (store != null) store.close();
        if (unmigrated != null) unmigrated.close();
    }

    @Test
    void anUpsertedEntityIsReadBackByItsHash() throws SchemaStoreException {
        PgVectorSchemaWrites writes = new PgVectorSchemaWrites(new PgVectorSchemaStore(store));
        float[] embedding = new float[384];
        embedding[0] = 1;

        writes.upsert(
                DB,
                List.of(new StoredEntity(
                        EntityKey.table(ORDERS), null, false, "orders", "h1", "orders()", "{}", embedding)));

        assertThat(writes.hashes(DB, ORDERS)).containsEntry(EntityKey.table(ORDERS), "h1");
        assertThat(writes.delete(DB, List.of(EntityKey.table(ORDERS)))).isEqualTo(1);
    }

    @Test
    void aLargeUpsertStoresEveryEntityWithItsExactVectorAndUpdatesWhatIsStored() throws Exception {
        PgVectorSchemaWrites writes = new PgVectorSchemaWrites(new PgVectorSchemaStore(store));
        TableName wide = new TableName("public", "wide");
        writes.upsert(DB, List.of(column(wide, "c0", "old", 0.5f)));
        // More rows than one statement takes, the stored c0 among them, and c1 twice: the last one given wins.
        List<StoredEntity> entities = new ArrayList<>();
        for (int i = 0; i < 1_203; i++) entities.add(column(wide, "c" + i, "h" + i, i));
        entities.add(column(wide, "c1", "h1-again", -1));

        writes.upsert(DB, entities);

        Map<EntityKey, String> hashes = writes.hashes(DB, wide);
        assertThat(hashes).hasSize(1_203);
        assertThat(hashes).containsEntry(EntityKey.column(wide, "c0"), "h0");
        assertThat(hashes).containsEntry(EntityKey.column(wide, "c1"), "h1-again");
        assertThat(hashes).containsEntry(EntityKey.column(wide, "c1202"), "h1202");
        assertThat(storedVector(wide, "c1202")).containsExactly(vector(1202));
        assertThat(storedVector(wide, "c1")).containsExactly(vector(-1));
        assertThat(writes.delete(DB, hashes.keySet())).isEqualTo(1_203);
    }

    private static StoredEntity column(TableName table, String column, String hash, float seed) {
        return new StoredEntity(EntityKey.column(table, column), null, false, column, hash, null, null, vector(seed));
    }

    /** Values no short decimal spells exactly, so a text round trip would show. */
    private static float[] vector(float seed) {
        float[] v = new float[384];
        for (int i = 0; i < v.length; i++) v[i] = (float) Math.sin(seed + i / 7.0) / 3;
        return v;
    }

    private static float[] storedVector(TableName table, String column) throws SQLException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("SELECT vector_send(embedding) FROM schema_embeddings"
                        + " WHERE database_id = ? AND schema_name = ? AND table_name = ? AND column_name = ?")) {
            ps.setString(1, DB);
            ps.setString(2, table.schema());
            ps.setString(3, table.table());
            ps.setString(4, column);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                PGvector stored = new PGvector();
                stored.setByteValue(rs.getBytes(1), 0);
                return stored.toArray();
            }
        }
    }

    @Test
    void aRefusedStatementIsASchemaStoreExceptionWithTheDriversSqlState() {
        PgVectorSchemaWrites writes = new PgVectorSchemaWrites(new PgVectorSchemaStore(unmigrated));

        SchemaStoreException e = catchThrowableOfType(SchemaStoreException.class, () -> writes.docHashes(DB));

        assertThat(e.getCause()).isInstanceOf(SQLException.class);
        assertThat(((SQLException) e.getCause()).getSQLState()).isEqualTo("42P01"); // undefined_table
        assertThat(e.getMessage()).isEqualTo(e.getCause().getMessage());
        assertThat(TransientFailures.isTransient(e)).isFalse();
    }
}
