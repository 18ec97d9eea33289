package dev.schemarag.demo;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.DefaultDatabases;
import dev.schemarag.core.service.RuntimeSettings;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetLimitSettings;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.ReaderRole;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The demo ERP on the embedded stack's MariaDB ({@code stack up --with mariadb}, 127.0.0.1:{@value #PORT}), registered
 * as {@value MariaDemoDatabase#ID} while that server runs: a process holding the store administrator's login (the
 * embedded stack's, which MariaDB shares) loads it on first use from the PostgreSQL demo and creates its reader. With
 * MariaDB not running, or without that login, it registers nothing.
 */
public final class MariaDemoRegistration implements DefaultDatabases {
    public static final int PORT = 53306;
    private static final String HOST = "127.0.0.1";
    private static final int CONNECT_TIMEOUT_MS = 2_000;

    @Override
    public List<RegisteredDatabase> registrations(ServiceRuntime runtime) throws IOException, SQLException {
        Optional<Credentials> admin = runtime.storeAdmin();
        if (admin.isEmpty() || !listening()) return List.of();
        Path extracted = DemoDatabase.extract(runtime.stateDir());
        String postgresDdl = Files.readString(extracted.resolve("schema.sql"), StandardCharsets.UTF_8);
        Credentials reader = new Credentials(ReaderRole.NAME, runtime.settings().get(RuntimeSettings.READER_PASSWORD));
        try (Database postgresErp = new Database(
                        runtime.databaseUrl(DemoDatabase.ID),
                        admin.get().user(),
                        admin.get().password());
                Connection maria = connect(admin.get())) {
            DemoDatabase.loadIfEmpty(postgresErp, extracted);
            try (Connection source = postgresErp.open()) {
                if (MariaDemoDatabase.loadIfIncomplete(maria, source, postgresDdl))
                    System.out.println("loaded the demo ERP database into MariaDB as " + MariaDemoDatabase.DATABASE);
            }
            MariaDemoDatabase.grantReader(
                    maria, reader.user(), HOST, reader.password(), TargetLimitSettings.limits(runtime.settings()));
        }
        return List.of(MariaDemoDatabase.registration(
                "jdbc:mariadb://" + HOST + ":" + PORT + "/" + MariaDemoDatabase.DATABASE,
                admin.get(),
                reader,
                extracted));
    }

    private static boolean listening() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(HOST, PORT), CONNECT_TIMEOUT_MS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static Connection connect(Credentials admin) throws SQLException {
        Properties login = new Properties();
        login.setProperty("user", admin.user());
        login.setProperty("password", admin.password());
        login.setProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_MS));
        return DriverManager.getConnection("jdbc:mariadb://" + HOST + ":" + PORT + "/", login);
    }
}
