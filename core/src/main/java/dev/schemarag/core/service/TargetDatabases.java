package dev.schemarag.core.service;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The registered target databases: from {@code SCHEMARAG_DATABASES_FILE} when set (its admin and reader logins),
 * otherwise the {@link DefaultDatabases} on the class path (the demo ERP database, where the demo-data module is),
 * plus the databases {@code schemarag db add} registered in {@code <state>/databases.json}.
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
        List<RegisteredDatabase> all = new ArrayList<>();
        for (DefaultDatabases defaults : ServiceLoader.load(DefaultDatabases.class))
            all.addAll(defaults.registrations(runtime));
        if (Files.exists(file(runtime)))
            all.addAll(DatabaseRegistry.load(file(runtime)).all());
        return new DatabaseRegistry(all);
    }
}
