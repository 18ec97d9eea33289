package dev.schemarag.demo;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.Database;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The demo ERP database shipped with SchemaRAG (this module's resources {@code demo/erp}): loaded into the
 * embedded PostgreSQL once, and registered ({@link DemoRegistration}) under the id {@code erp} with its module
 * annotations and table docs.
 */
public final class DemoDatabase {
    public static final String ID = "erp";
    private static final String RESOURCES = "demo/erp";

    private DemoDatabase() {}

    /** Copies annotations and docs out of the jar so they can be read and edited as plain files. */
    public static Path extract(Path into) {
        try {
            URL url = DemoDatabase.class.getClassLoader().getResource(RESOURCES + "/schema.sql");
            if (url == null) throw new IllegalStateException("demo resources are missing from the classpath");
            Path target = into.resolve(RESOURCES);
            if (url.getProtocol().equals("jar")) {
                try (FileSystem fs = FileSystems.newFileSystem(url.toURI(), Map.of())) {
                    copyTree(fs.getPath("/" + RESOURCES), target);
                }
            } else {
                copyTree(Path.of(url.toURI()).getParent(), target);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract demo resources", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void copyTree(Path source, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : files.toList()) {
                Path dest = target.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(dest);
                else Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** Executed: the demo shows answers with their rows. */
    public static RegisteredDatabase registration(
            String jdbcUrl, Credentials admin, Credentials reader, Path extracted) {
        return new RegisteredDatabase(
                        ID,
                        jdbcUrl,
                        admin,
                        reader,
                        List.of("public"),
                        extracted.resolve("modules.json"),
                        extracted.resolve("docs"))
                .withExecute(true);
    }

    /** Loads schema and data unless the database already holds the demo tables. Returns true when it loaded. */
    public static boolean loadIfEmpty(Database target, Path extracted) throws SQLException, IOException {
        try (Connection c = target.open();
                Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")) {
                rs.next();
                if (rs.getInt(1) > 0) return false;
            }
            c.setAutoCommit(false);
            s.execute(Files.readString(extracted.resolve("schema.sql"), StandardCharsets.UTF_8));
            s.execute(Files.readString(extracted.resolve("data.sql"), StandardCharsets.UTF_8));
            c.commit();
            return true;
        }
    }

    public static List<String> sampleQuestions(Path extracted) throws IOException {
        return Files.readAllLines(extracted.resolve("questions.txt")).stream()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .toList();
    }
}
