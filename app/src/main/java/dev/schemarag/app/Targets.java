package dev.schemarag.app;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.store.Database;
import dev.schemarag.generation.answer.ReaderRole;

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

    static DatabaseRegistry load(Services services) throws IOException, SQLException {
        Settings settings = services.settings();
        String file = settings.get(AppSettings.DATABASES_FILE);
        if (!file.isBlank()) return DatabaseRegistry.load(Path.of(file));
        String erpUrl = services.databaseUrl(DemoDatabase.ID);
        Path extracted = DemoDatabase.extract(services.stateDir());
        RegisteredDatabase erp = DemoDatabase.registration(erpUrl, settings.get(AppSettings.STORE_USER),
                settings.get(AppSettings.STORE_PASSWORD), extracted);
        try (Database target = new Database(erp.jdbcUrl(), erp.user(), erp.password())) {
            if (DemoDatabase.loadIfEmpty(target, extracted)) System.out.println("loaded the demo ERP database into " + erpUrl);
        }
        return new DatabaseRegistry(List.of(erp));
    }

    /**
     * The databases as validation sees them. For the demo database the least-privilege read-only role is created and
     * used; databases from a file are used with the credentials given there (register a read-only role there).
     */
    static DatabaseRegistry readers(Settings settings, DatabaseRegistry databases) throws SQLException {
        if (!settings.get(AppSettings.DATABASES_FILE).isBlank()) return databases;
        List<RegisteredDatabase> readers = new java.util.ArrayList<>();
        String password = settings.get(AppSettings.READER_PASSWORD);
        for (RegisteredDatabase db : databases.all()) {
            try (Database admin = new Database(db.jdbcUrl(), db.user(), db.password())) {
                ReaderRole.grant(admin.connection(), db.databaseName(), db.schemas(), password);
            }
            readers.add(new RegisteredDatabase(db.id(), db.jdbcUrl(), ReaderRole.NAME, password, db.schemas(),
                    db.annotationsFile(), db.docsDir()));
        }
        return new DatabaseRegistry(readers);
    }
}
