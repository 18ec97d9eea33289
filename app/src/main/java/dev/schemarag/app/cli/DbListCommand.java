package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.app.onboard.SlotReading;
import dev.schemarag.app.onboard.SlotState;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.PgVectorSchemaStore;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code schemarag db list}: every registered database with its sync state, CDC lag and the WAL its slot retains. */
@Command(
        name = "list",
        description = "Registered databases: tables indexed, catalog version, CDC slot, lag, retained WAL.")
final class DbListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (Services services = Services.fromEnvironment()) {
            PgVectorSchemaStore store = new PgVectorSchemaStore(services.store());
            out.printf(
                    "%-16s %-8s %-8s %-10s %-12s %s%n", "ID", "TABLES", "VERSION", "SLOT", "CDC LAG", "RETAINED WAL");
            for (RegisteredDatabase db : TargetDatabases.load(services).all()) {
                int tables = store.tables(db.id()).size();
                String version = store.catalogVersion(db.id()).stream()
                        .mapToObj(Long::toString)
                        .findFirst()
                        .orElse("-");
                out.printf("%-16s %-8d %-8s %s%n", db.id(), tables, version, slot(db));
            }
        }
        return 0;
    }

    /** The slot's columns; a database that cannot be reached says so instead. */
    private static String slot(RegisteredDatabase db) {
        SlotReading reading = SlotReading.of(db);
        if (reading instanceof SlotReading.NoAdminLogin) return "(no admin login registered)";
        if (reading instanceof SlotReading.Unreachable unreachable)
            return "unreachable (SQLSTATE " + unreachable.sqlState() + ")";
        return ((SlotReading.Read) reading)
                .slot()
                .map(s -> String.format(
                        "%-10s %-12s %s",
                        s.active() ? "active" : "inactive",
                        SlotState.bytes(s.lagBytes()),
                        SlotState.bytes(s.retainedBytes())))
                .orElse(String.format("%-10s %-12s %s", "none", "-", "-"));
    }
}
