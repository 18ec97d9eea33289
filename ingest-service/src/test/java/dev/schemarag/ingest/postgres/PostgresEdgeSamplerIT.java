package dev.schemarag.ingest.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.relationships.DataCheck;
import dev.schemarag.core.relationships.EdgeSource;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The data check against real PostgreSQL, as a read-only login: one inferred edge the data holds, one it refutes. */
class PostgresEdgeSamplerIT {
    private static final String DB = "edge_sampler_it";
    private static final String READER = "edge_sampler_it_reader";

    private static Database reader;

    @BeforeAll
    static void createData() throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(DB);
        try (Connection admin = stack.postgres().connect(DB);
                Statement s = admin.createStatement()) {
            s.execute("DROP TABLE IF EXISTS \"Order Lines\", orders, customers");
            s.execute("CREATE TABLE customers (customer_id bigint PRIMARY KEY)");
            s.execute("CREATE TABLE orders (order_id bigint PRIMARY KEY, customer_id bigint)");
            // A quoted name with a space and a quote: identifiers must be quoted, never pasted.
            s.execute("CREATE TABLE \"Order Lines\" (line_id bigint PRIMARY KEY, \"order\"\"id\" bigint)");
            s.execute("INSERT INTO customers SELECT g FROM generate_series(1, 50) g");
            s.execute("INSERT INTO orders SELECT g, 1 + g % 50 FROM generate_series(1, 500) g");
            s.execute("INSERT INTO orders VALUES (501, NULL)"); // a null is no orphan
            // Line 7 points at an order that does not exist.
            s.execute("INSERT INTO \"Order Lines\" SELECT g, CASE WHEN g = 7 THEN 9999 ELSE g END"
                    + " FROM generate_series(1, 100) g");
            ReaderRole.grant(admin, READER, DB, List.of("public"), "reader-secret", TargetSessionLimits.DEFAULT);
        }
        reader = new Database(stack.postgres().jdbcUrl(DB), READER, "reader-secret");
    }

    @AfterAll
    static void close() {
        if (reader != null) reader.close();
    }

    @Test
    void anEdgeTheDataHoldsSamplesNoOrphanAndGainsConfidence() {
        ForeignKeyEdge edge = inferred("orders", "customer_id", "customers", "customer_id");

        DataCheck.Sample sample = new PostgresEdgeSampler(reader, 200, Duration.ofSeconds(5))
                .sample(edge)
                .orElseThrow();

        assertThat(sample).isEqualTo(new DataCheck.Sample(200, 0));
        assertThat(DataCheck.judge(edge, sample).orElseThrow().confidence()).isGreaterThan(edge.confidence());
    }

    @Test
    void anEdgeWithAChildValueNoParentHoldsIsDropped() {
        ForeignKeyEdge edge = inferred("Order Lines", "order\"id", "orders", "order_id");

        DataCheck.Sample sample = new PostgresEdgeSampler(reader, 200, Duration.ofSeconds(5))
                .sample(edge)
                .orElseThrow();

        assertThat(sample).isEqualTo(new DataCheck.Sample(100, 1));
        assertThat(DataCheck.judge(edge, sample)).isEmpty();
    }

    @Test
    void aSampleThatCannotBeTakenLeavesTheEdgeUnchecked() {
        ForeignKeyEdge missing = inferred("orders", "no_such_column", "customers", "customer_id");

        assertThat(new PostgresEdgeSampler(reader, 200, Duration.ofSeconds(5)).sample(missing))
                .isEmpty();
    }

    private static ForeignKeyEdge inferred(String from, String column, String to, String key) {
        return new ForeignKeyEdge(
                new TableName("public", from),
                List.of(column),
                new TableName("public", to),
                List.of(key),
                EdgeSource.INFERRED,
                0.7);
    }
}
