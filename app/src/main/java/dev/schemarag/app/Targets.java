package dev.schemarag.app;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.store.Database;
import dev.schemarag.generation.answer.ReaderRole;
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
final class Targets {
    private Targets() {}

    static DatabaseRegistry load(Services services) throws IOException, SQLException {
        Settings settings = services.settings();
        String file = settings.get(AppSettings.DATABASES_FILE);
        if (!file.isBlank()) return DatabaseRegistry.load(Path.of(file));
        String erpUrl = services.databaseUrl(DemoDatabase.ID);
        Path extracted = DemoDatabase.extract(services.stateDir());
        Optional<Credentials> admin = services.storeAdmin();
        RegisteredDatabase erp = DemoDatabase.registration(
                erpUrl,
                admin.orElse(null),
                new Credentials(ReaderRole.NAME, settings.get(AppSettings.READER_PASSWORD)),
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
