package dev.schemarag.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.schemarag.bench.stack.BenchDatabases;
import dev.schemarag.bench.stack.MariaBenchDatabases;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.Database;
import dev.schemarag.demo.MySqlSchemaTranslation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A benchmark suite in the shared bench format ({@code schema/<db>.sql}, {@code questions.jsonl}): each schema file
 * is one PostgreSQL schema, and together they make one catalog, loaded into one database so that every question is
 * asked against all of it (on MariaDB, one database per schema, registered together).
 */
public final class SuiteCatalog {
    private final Path dir;

    public SuiteCatalog(Path dir) {
        if (!Files.isDirectory(dir.resolve("schema")))
            throw new IllegalArgumentException(dir + " is not a suite: it has no schema/ directory");
        this.dir = dir;
    }

    /** The id the suite's database is registered under: {@code bench_} and the directory name. */
    String databaseId() {
        return "bench_"
                + dir.getFileName()
                        .toString()
                        .toLowerCase(java.util.Locale.ROOT)
                        .replaceAll("[^a-z0-9]", "_");
    }

    String name() {
        return dir.getFileName().toString();
    }

    List<Path> schemaFiles() throws IOException {
        try (Stream<Path> list = Files.list(dir.resolve("schema"))) {
            return list.filter(p -> p.toString().endsWith(".sql")).sorted().toList();
        }
    }

    /** One schema per file, named after it. */
    List<String> schemas() throws IOException {
        return schemaFiles().stream()
                .map(p -> p.getFileName().toString().replaceFirst("\\.sql$", ""))
                .toList();
    }

    /**
     * The suite's DDL in a fresh database of its own (every suite database as one schema of it), nothing of it left in
     * the store.
     */
    RegisteredDatabase loadFresh(BenchDatabases databases) throws IOException, SQLException {
        RegisteredDatabase db = databases.fresh(databaseId(), schemas());
        try (Database target = new Database(
                        db.jdbcUrl(),
                        db.requireAdmin().user(),
                        db.requireAdmin().password());
                Connection c = target.borrow()) {
            loadInto(c);
        }
        databases.clearStore(db.id());
        return db;
    }

    /**
     * The suite's DDL on MariaDB, each of its schemas a fresh database of the server, translated by
     * {@link MySqlSchemaTranslation}; registered as {@link #databaseId()} with {@code _mariadb}, nothing of it left in
     * the store.
     */
    RegisteredDatabase loadFresh(MariaBenchDatabases databases, BenchDatabases store) throws IOException, SQLException {
        List<String> statements = new ArrayList<>();
        for (Path f : schemaFiles())
            statements.addAll(MySqlSchemaTranslation.translate(Files.readString(f, StandardCharsets.UTF_8)));
        RegisteredDatabase db = databases.fresh(databaseId() + "_mariadb", schemas());
        databases.run(db, statements);
        store.clearStore(db.id());
        return db;
    }

    /** Runs every schema file on {@code target}, an empty database. */
    void loadInto(Connection target) throws IOException, SQLException {
        try (Statement s = target.createStatement()) {
            for (Path f : schemaFiles()) s.execute(Files.readString(f, StandardCharsets.UTF_8));
        }
    }

    /** The suite's question texts, each once, in file order. */
    List<String> distinctQuestions() throws IOException {
        Set<String> texts = new LinkedHashSet<>();
        for (RetrievalBenchmark.Question q : RetrievalBenchmark.questions(dir, 0)) texts.add(q.text());
        return List.copyOf(texts);
    }

    /** Writes {@code db} as a databases file ({@code DATABASES_FILE}) holding it alone. */
    static void writeRegistration(RegisteredDatabase db, Path file) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode entry = json.createObjectNode().put("id", db.id()).put("jdbcUrl", db.jdbcUrl());
        entry.set("admin", login(json, db.requireAdmin()));
        entry.set("reader", login(json, db.requireReader()));
        ArrayNode schemas = entry.putArray("schemas");
        db.schemas().forEach(schemas::add);
        Files.writeString(file, json.writerWithDefaultPrettyPrinter().writeValueAsString(List.of(entry)));
    }

    private static ObjectNode login(ObjectMapper json, Credentials credentials) {
        return json.createObjectNode().put("user", credentials.user()).put("password", credentials.password());
    }
}
