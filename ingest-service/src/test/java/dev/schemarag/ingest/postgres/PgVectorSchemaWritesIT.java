package dev.schemarag.ingest.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.schemarag.core.retry.TransientFailures;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.EntityKey;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.core.store.StoredEntity;
import dev.schemarag.ingest.sync.SchemaStoreException;
import dev.schemarag.stack.EmbeddedPostgres;
import dev.schemarag.testkit.SharedTestStack;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The schema store port on real PostgreSQL: writes land in the store, and an SQL failure keeps its SQLSTATE. */
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
    void aRefusedStatementIsASchemaStoreExceptionWithTheDriversSqlState() {
        PgVectorSchemaWrites writes = new PgVectorSchemaWrites(new PgVectorSchemaStore(unmigrated));

        SchemaStoreException e = catchThrowableOfType(SchemaStoreException.class, () -> writes.docHashes(DB));

        assertThat(e.getCause()).isInstanceOf(SQLException.class);
        assertThat(((SQLException) e.getCause()).getSQLState()).isEqualTo("42P01"); // undefined_table
        assertThat(e.getMessage()).isEqualTo(e.getCause().getMessage());
        assertThat(TransientFailures.isTransient(e)).isFalse();
    }
}
