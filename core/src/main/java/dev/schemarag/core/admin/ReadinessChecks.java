package dev.schemarag.core.admin;

import dev.schemarag.avro.SchemaRegistry;
import dev.schemarag.core.store.Database;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams;

/** The readiness checks the services share. */
public final class ReadinessChecks {
    static final int STORE_QUERY_TIMEOUT_SECONDS = 2;

    private ReadinessChecks() {}

    /** Up only in RUNNING: while rebalancing, starting or after an error the client answers nothing. */
    public static ReadinessCheck streams(String name, Supplier<KafkaStreams.State> state) {
        return ReadinessCheck.of(name, () -> {
            KafkaStreams.State now = state.get();
            return now == KafkaStreams.State.RUNNING ? CheckResult.up(now.name()) : CheckResult.down(now.name());
        });
    }

    /** A yes/no condition, such as "every change-capture engine is running". */
    public static ReadinessCheck condition(String name, BooleanSupplier up, String upDetail, String downDetail) {
        return ReadinessCheck.of(
                name, () -> up.getAsBoolean() ? CheckResult.up(upDetail) : CheckResult.down(downDetail));
    }

    /** The RAG store answers a {@code SELECT 1} through the pool. */
    public static ReadinessCheck store(Database store) {
        return ReadinessCheck.of("store", () -> {
            try (Connection c = store.borrow();
                    Statement s = c.createStatement()) {
                s.setQueryTimeout(STORE_QUERY_TIMEOUT_SECONDS);
                try (ResultSet rs = s.executeQuery("SELECT 1")) {
                    return rs.next() ? CheckResult.up("reachable") : CheckResult.down("no row");
                }
            }
        });
    }

    /** The schema registry answers its subject list, with the client's credentials. */
    public static ReadinessCheck registry(SchemaRegistry registry) {
        return ReadinessCheck.of("schema-registry", () -> {
            registry.subjects();
            return CheckResult.up("reachable");
        });
    }
}
