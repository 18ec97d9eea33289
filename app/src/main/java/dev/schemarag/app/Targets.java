package dev.schemarag.app;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.store.Database;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

/**
 * The registered target databases: from {@code SCHEMARAG_DATABASES_FILE} when set, otherwise the demo ERP database
 * on the embedded stack's PostgreSQL (same server and credentials as the store), loaded on first use.
 */
final class Targets {
    private Targets() {}

    static DatabaseRegistry load(Settings settings, Path home) throws IOException, SQLException {
        String file = settings.get(AppSettings.DATABASES_FILE);
        if (!file.isBlank()) return DatabaseRegistry.load(Path.of(file));
        String storeUrl = settings.get(AppSettings.STORE_JDBC_URL);
        String erpUrl = storeUrl.substring(0, storeUrl.lastIndexOf('/') + 1) + DemoDatabase.ID;
        Path extracted = DemoDatabase.extract(home.resolve(".schemarag"));
        RegisteredDatabase erp = DemoDatabase.registration(erpUrl, settings.get(AppSettings.STORE_USER),
                settings.get(AppSettings.STORE_PASSWORD), extracted);
        try (Database target = new Database(erp.jdbcUrl(), erp.user(), erp.password())) {
            if (DemoDatabase.loadIfEmpty(target, extracted)) System.out.println("loaded the demo ERP database into " + erpUrl);
        }
        return new DatabaseRegistry(List.of(erp));
    }
}
