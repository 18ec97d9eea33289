package dev.schemarag.demo;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.DefaultDatabases;
import dev.schemarag.core.service.RuntimeSettings;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetLimitSettings;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.ReaderRole;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The demo ERP database as the default registration: on the store's PostgreSQL server, administered by the store
 * administrator and read by the least-privilege {@link ReaderRole}. A process holding the store administrator's login
 * loads the demo on first use and creates the reader role; one without it (generation in docker-compose) relies on
 * ingest having done so.
 */
public final class DemoRegistration implements DefaultDatabases {

    @Override
    public List<RegisteredDatabase> registrations(ServiceRuntime runtime) throws IOException, SQLException {
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
        return List.of(erp);
    }
}
