package dev.schemarag.core.service;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.demo.DemoDatabase;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.ReaderRole;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The registered target databases: from {@code SCHEMARAG_DATABASES_FILE} when set (its admin and reader logins),
 * otherwise the demo ERP database on the store's PostgreSQL server, administered by the store administrator and read
 * by the least-privilege {@link ReaderRole}, plus the databases {@code schemarag db add} registered in
 * {@code <state>/databases.json}. A process holding the store administrator's login loads the demo on first
 * use and creates the reader role; one without it (generation in docker-compose) relies on ingest having done so.
 */
public final class TargetDatabases {
    private TargetDatabases() {}

    /** Where {@code schemarag db add} registers databases: {@code SCHEMARAG_DATABASES_FILE}, or one under the state. */
    public static Path file(ServiceRuntime runtime) {
        String file = runtime.settings().get(RuntimeSettings.DATABASES_FILE);
        return file.isBlank() ? runtime.stateDir().resolve("databases.json") : Path.of(file);
    }

    public static DatabaseRegistry load(ServiceRuntime runtime) throws IOException, SQLException {
        Settings settings = runtime.settings();
        if (!settings.get(RuntimeSettings.DATABASES_FILE).isBlank()) return DatabaseRegistry.load(file(runtime));
        List<RegisteredDatabase> all = new ArrayList<>(List.of(demo(runtime)));
        if (Files.exists(file(runtime)))
            all.addAll(DatabaseRegistry.load(file(runtime)).all());
        return new DatabaseRegistry(all);
    }

    private static RegisteredDatabase demo(ServiceRuntime runtime) throws IOException, SQLException {
        Settings settings = runtime.settings();
        String erpUrl = runtime.databaseUrl(DemoDatabase.ID);
        Path extracted = DemoDatabase.extract(runtime.stateDir());
        Optional<Credentials> admin = runtime.storeAdmin();
        RegisteredDatabase erp = DemoDatabase.registration(
                erpUrl,
                admin.orElse(null),
                new Credentials(ReaderRole.NAME, settings.get(RuntimeSettings.READER_PASSWORD)),
                extracted);
        if (admin.isPresent()) {
            try (Database target =
                    new Database(erp.jdbcUrl(), admin.get().user(), admin.get().password())) {
                if (DemoDatabase.loadIfEmpty(target, extracted))
                    System.out.println("loaded the demo ERP database into " + erpUrl);
                try (Connection c = target.borrow()) {
                    ReaderRole.grant(
                            c,
                            ReaderRole.NAME,
                            erp.databaseName(),
                            erp.schemas(),
                            erp.reader().password(),
                            TargetLimitSettings.limits(settings));
                }
            }
        }
        return erp;
    }
}
