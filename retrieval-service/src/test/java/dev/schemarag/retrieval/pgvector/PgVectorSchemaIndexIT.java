package dev.schemarag.retrieval.pgvector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.EntityKey;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.core.store.StoredDocChunk;
import dev.schemarag.core.store.StoredEntity;
import dev.schemarag.core.store.TableDefinition;
import dev.schemarag.core.store.TableDefinitions;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.retrieval.FallbackReason;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.RetrievedContext;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.Strategy;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.CatalogChanges;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.DatabaseVectors;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.Embedded;
import dev.schemarag.retrieval.index.InMemoryVectorIndex;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.retrieval.index.VectorChanges;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store's searches and catalog versions against the real PostgreSQL + pgvector, on a catalog synced by ingest. */
class PgVectorSchemaIndexIT {
    private static final String DB = "vector_index_it";
    private static final List<String> QUESTIONS = List.of(
            "What is the total amount of salaries paid per department?",
            "Which customers placed the most orders last month?",
            "How much stock of each product is in every warehouse?",
            "List open invoices with their due dates");
    private static Database store;
    private static EmbeddingModel model;
    private static PgVectorSchemaIndex pgvector;

    @BeforeAll
    static void syncACatalog(@TempDir Path dir) throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(DB);
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        try (Database target = new Database(stack.postgres().jdbcUrl(DB), user, password);
                Connection session = target.borrow();
                Statement s = session.createStatement()) {
            s.execute("""
                    CREATE TABLE departments (department_id int PRIMARY KEY, department_name text);
                    CREATE TABLE employees (employee_id int PRIMARY KEY, first_name text, last_name text,
                        department_id int REFERENCES departments, hire_date date);
                    COMMENT ON TABLE employees IS 'Staff members of the company';
                    CREATE TABLE salaries (employee_id int REFERENCES employees, amount numeric, paid_on date);
                    CREATE SCHEMA sales;
                    CREATE TABLE sales.customers (customer_id int PRIMARY KEY, company_name text, country text);
                    CREATE TABLE sales.products (product_id int PRIMARY KEY, product_name text, unit_price numeric);
                    CREATE TABLE sales.orders (order_id int PRIMARY KEY, customer_id int REFERENCES sales.customers, order_date date);
                    CREATE TABLE sales.order_lines (order_id int REFERENCES sales.orders, product_id int REFERENCES sales.products, quantity int);
                    CREATE TABLE sales.invoices (invoice_id int PRIMARY KEY, order_id int REFERENCES sales.orders, amount_due numeric, due_date date);
                    CREATE TABLE warehouses (warehouse_id int PRIMARY KEY, city text);
                    CREATE TABLE stock_levels (warehouse_id int REFERENCES warehouses, product_id int, on_hand int);
                    """);
        }
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("orders.md"), """
                # Table: sales.orders

                ## Purpose
                One row per order a customer placed.

                ## Columns

                ### order_date
                - **Type:** date
                - **Description:** Day the customer placed the order.

                ## Common Queries

                ### Query Pattern: Orders per customer
                ```sql
                SELECT c.company_name, count(*) FROM sales.orders o JOIN sales.customers c USING (customer_id) GROUP BY 1;
                ```
                **Use case:** Finding the best customers.
                """);
        Files.writeString(docs.resolve("salaries.md"), """
                # Table: salaries

                ## Purpose
                Every salary payment made to an employee.
                """);
        store = new Database(stack.postgres().jdbcUrl("schemarag"), user, password);
        store.migrateStore();
        model = OnnxEmbeddingModel.schemaIndexDefault();
        Topics topics = new Topics("vector-index-it.", stack.registryClient());
        RegisteredDatabase db = new RegisteredDatabase(
                DB,
                stack.postgres().jdbcUrl(DB),
                new Credentials(user, password),
                null,
                List.of("public", "sales"),
                null,
                docs);
        try (IngestService ingest = new IngestService(
                IngestService.Config.of(
                        stack.bootstrapServers(), KafkaClientSecurity.none(), dir, "schemarag_cdc", "cdc-secret", 10),
                new DatabaseRegistry(List.of(db)),
                () -> topics,
                model,
                store)) {
            ingest.sync(DB, SyncProgress.NONE);
        }
        pgvector = new PgVectorSchemaIndex(store);
    }

    @Test
    void givenASyncedCatalog_whenSearchedInMemory_thenTheHitsAreThoseOfPgvectorInTheSameOrder() {
        InMemoryVectorIndex memory = new InMemoryVectorIndex(pgvector, pgvector);
        assertThat(memory.version(DB)).isEqualTo(pgvector.version(DB)).isPresent();
        for (Set<String> schemas : List.of(Set.<String>of(), Set.of("sales"))) {
            for (String question : QUESTIONS) {
                float[] query = model.embed(question);
                List<TableHit> tables = pgvector.searchTables(DB, schemas, query, 8);
                List<ColumnHit> columns = pgvector.searchColumns(DB, schemas, query, 20);
                List<DocHit> docs = pgvector.searchDocs(DB, schemas, query, 10);

                assertThat(tables).isNotEmpty();
                assertSame(memory.searchTables(DB, schemas, query, 8), tables, TableHit::similarity);
                assertSame(memory.searchColumns(DB, schemas, query, 20), columns, ColumnHit::similarity);
                assertSame(memory.searchDocs(DB, schemas, query, 10), docs, DocHit::similarity);
            }
        }
        assertThat(pgvector.searchDocs(DB, Set.of(), model.embed(QUESTIONS.get(1)), 10))
                .isNotEmpty();
    }

    @Test
    void givenACatalogSyncedWithAnotherModel_whenAQuestionIsRetrieved_thenItGetsTheFullSchemaUntilASync() {
        SchemaRetriever ownModel = new SchemaRetriever(pgvector, model, RetrievalSettings.defaults(), 16);
        SchemaRetriever otherModel = new SchemaRetriever(
                pgvector, OnnxEmbeddingModel.load("bge-small-en-v1.5-q"), RetrievalSettings.defaults(), 16);
        RetrievalRequest question = RetrievalRequest.of(DB, QUESTIONS.get(0)).withUseRetrieval(true);

        RetrievedContext own = ((RetrievalResult.Retrieved) ownModel.retrieve(question)).context();
        RetrievedContext other = ((RetrievalResult.Retrieved) otherModel.retrieve(question)).context();

        assertThat(own.metadata().strategy()).isEqualTo(Strategy.RAG);
        assertThat(other.metadata().strategy()).isEqualTo(Strategy.FULL_SCHEMA);
        assertThat(other.metadata().fallbackReason()).isEqualTo(FallbackReason.OTHER_MODEL_INDEX);
    }

    /** Same hits in the same order; similarities only differ by float rounding (pgvector sums in another order). */
    private static <H> void assertSame(List<H> memory, List<H> store, ToDoubleFunction<H> similarity) {
        assertThat(memory).hasSameSizeAs(store);
        for (int i = 0; i < store.size(); i++) {
            assertThat(memory.get(i))
                    .usingRecursiveComparison()
                    .ignoringFields("similarity")
                    .isEqualTo(store.get(i));
            assertThat(similarity.applyAsDouble(memory.get(i)))
                    .isCloseTo(similarity.applyAsDouble(store.get(i)), within(1e-4));
        }
    }

    @Test
    void givenARecordedDialect_whenTheCatalogIsLoadedOrFollowed_thenItCarriesItAndOnlyANewOneBumpsTheVersion()
            throws Exception {
        assertThat(pgvector.load(DB).orElseThrow().dialect()).isEqualTo(SqlDialect.POSTGRESQL);
        String id = "vector_index_it_dialect";
        PgVectorSchemaStore writer = new PgVectorSchemaStore(store);
        Table ledger =
                Tables.table("erp_maria.ledger").column("key", "varchar(10)").build();
        writer.upsert(
                id,
                List.of(new StoredEntity(
                        EntityKey.table(ledger.name()),
                        null,
                        false,
                        "ledger",
                        "h1",
                        "erp_maria.ledger (`key` varchar(10))",
                        TableDefinitions.toJson(ledger),
                        model.embed("ledger"))));
        String before = pgvector.version(id).orElseThrow();
        assertThat(pgvector.load(id).orElseThrow().dialect()).isEqualTo(SqlDialect.POSTGRESQL);

        writer.replaceAccess(id, Principals.NONE, SqlDialect.MARIADB, Map.of());
        String after = pgvector.version(id).orElseThrow();
        writer.replaceAccess(id, Principals.NONE, SqlDialect.MARIADB, Map.of());

        assertThat(after).isNotEqualTo(before);
        assertThat(pgvector.version(id)).contains(after);
        assertThat(pgvector.load(id).orElseThrow().dialect()).isEqualTo(SqlDialect.MARIADB);
        assertThat(pgvector.changesSince(id, before).orElseThrow().dialect()).isEqualTo(SqlDialect.MARIADB);
    }

    @Test
    void givenEachKindOfStoreWrite_whenTheVersionIsChecked_thenItChangesAndMemorySearchFollows() throws Exception {
        String id = "vector_index_it_writes";
        PgVectorSchemaStore writer = new PgVectorSchemaStore(store);
        InMemoryVectorIndex memory = new InMemoryVectorIndex(pgvector, pgvector);
        TableName ledger = new TableName("public", "ledger");
        float[] query = model.embed("ledger entries");
        assertThat(pgvector.version(id)).isEmpty();

        writer.upsert(
                id,
                List.of(
                        new StoredEntity(EntityKey.table(ledger), null, false, "ledger", "h1", null, null, query),
                        new StoredEntity(
                                EntityKey.column(ledger, "amount"),
                                null,
                                false,
                                "ledger amount",
                                "h2",
                                null,
                                null,
                                query)));
        Optional<String> inserted = memory.version(id);
        assertThat(inserted).isPresent();
        assertThat(memory.searchColumns(id, Set.of(), query, 5))
                .extracting(ColumnHit::column)
                .containsExactly("amount");

        writer.replaceDocChunks(
                id,
                List.of(new StoredDocChunk(
                        ledger, "", "overview", 0, List.of(), List.of(), 3, "The general ledger.", "h3", query)),
                Set.of(StoredDocChunk.key(ledger, "overview", 0)));
        Optional<String> docAdded = pgvector.version(id);
        writer.updateTableDefinitions(id, Map.of(ledger, new TableDefinition("ledger(amount)", "{\"updated\": true}")));
        Optional<String> updated = pgvector.version(id);
        writer.delete(id, List.of(EntityKey.column(ledger, "amount")));
        Optional<String> columnDeleted = memory.version(id);

        assertThat(List.of(inserted, docAdded, updated, columnDeleted))
                .doesNotHaveDuplicates()
                .allMatch(Optional::isPresent);
        assertThat(memory.searchColumns(id, Set.of(), query, 5)).isEmpty();
        assertThat(memory.searchDocs(id, Set.of(), query, 5))
                .extracting(h -> h.chunk().content())
                .containsExactly("The general ledger.");

        writer.deleteTable(id, ledger);
        assertThat(memory.version(id)).isEmpty();
        assertThat(memory.searchTables(id, Set.of(), query, 5)).isEmpty();
    }

    @Test
    void givenWritesAfterAVersion_whenChangesSinceItAreRead_thenTheyHoldExactlyTheTouchedTablesAndMatchAFullLoad()
            throws Exception {
        String id = "vector_index_it_changes";
        PgVectorSchemaStore writer = new PgVectorSchemaStore(store);
        TableName accounts = new TableName("public", "accounts");
        TableName journal = new TableName("public", "journal");
        TableName entries = new TableName("public", "entries");
        float[] vector = model.embed("bookkeeping");
        writer.upsert(id, List.of(table(accounts, "amount", vector), table(journal, "posted_on", vector)));
        writer.upsert(id, List.of(column(accounts, "amount", vector), column(journal, "posted_on", vector)));
        IndexedDatabase held = pgvector.load(id).orElseThrow();
        DatabaseVectors heldVectors = pgvector.vectors(id);

        // journal renamed to entries (its rows deleted, new ones written), a column of accounts dropped
        writer.deleteTable(id, journal);
        writer.upsert(id, List.of(table(entries, "posted_on", vector), column(entries, "posted_on", vector)));
        writer.delete(id, List.of(EntityKey.column(accounts, "amount")));

        CatalogChanges changes = pgvector.changesSince(id, held.version()).orElseThrow();
        VectorChanges vectorChanges =
                pgvector.vectorChangesSince(id, held.version()).orElseThrow();
        IndexedDatabase full = pgvector.load(id).orElseThrow();

        assertThat(changes.changed()).containsExactlyInAnyOrder(accounts, journal, entries);
        assertThat(changes.tables())
                .extracting(t -> t.definition().name())
                .containsExactlyInAnyOrder(accounts, entries);
        assertThat(changes.version()).isEqualTo(full.version());
        assertThat(held.withChanges(changes)).isEqualTo(full);
        DatabaseVectors applied = heldVectors.withChanges(vectorChanges);
        assertThat(applied.tables()).extracting(Embedded::entity).containsExactly(accounts, entries);
        assertThat(applied.columns()).extracting(e -> e.entity().name()).containsExactly("posted_on");
        assertThat(pgvector.changesSince(id, full.version()).orElseThrow().changed())
                .isEmpty();
        assertThat(pgvector.changesSince(id, Long.toString(Long.parseLong(full.version()) + 1)))
                .as("a version the store never gave out: load in full")
                .isEmpty();
    }

    private static StoredEntity table(TableName name, String column, float[] vector) {
        Table definition = new Table(
                name,
                false,
                null,
                List.of(new Column(column, "numeric", true, null, null)),
                List.of(),
                List.of(),
                List.of());
        return new StoredEntity(
                EntityKey.table(name),
                null,
                false,
                name.table(),
                "h-" + name.table(),
                name.table() + "(" + column + ")",
                TableDefinitions.toJson(definition),
                vector);
    }

    private static StoredEntity column(TableName table, String column, float[] vector) {
        return new StoredEntity(
                EntityKey.column(table, column),
                null,
                false,
                table.table() + " " + column,
                "h-" + column,
                null,
                null,
                vector);
    }
}
