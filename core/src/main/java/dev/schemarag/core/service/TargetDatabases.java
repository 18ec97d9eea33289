package dev.schemarag.core.service;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.demo.DemoDatabase;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.ReaderRole;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The registered target databases: from {@code SCHEMARAG_DATABASES_FILE} when set (its admin and reader logins),
 * otherwise the demo ERP database on the store's PostgreSQL server, administered by the store administrator and read
 * by the least-privilege {@link ReaderRole}. A process holding the store administrator's login loads the demo on first
 * use and creates the reader role; one without it (generation in docker-compose) relies on ingest having done so.
 */
public final class TargetDatabases {
    private TargetDatabases() {}

    public static DatabaseRegistry load(ServiceRuntime runtime) throws IOException, SQLException {
        Settings settings = runtime.settings();
        String file = settings.get(RuntimeSettings.DATABASES_FILE);
        if (!file.isBlank()) return DatabaseRegistry.load(Path.of(file));
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
                            c, erp.databaseName(), erp.schemas(), erp.reader().password());
                }
            }
        }
        return new DatabaseRegistry(List.of(erp));
    }
}
