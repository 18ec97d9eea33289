package dev.schemarag.bench;

import dev.schemarag.bench.stack.BenchDatabases;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.Database;
import dev.schemarag.demo.DemoDatabase;
import dev.schemarag.generation.examples.DocumentedQuery;
import dev.schemarag.generation.validation.SqlTables;
import dev.schemarag.ingest.docs.DocChunk;
import dev.schemarag.ingest.docs.DocParseResult;
import dev.schemarag.ingest.docs.TableDocParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The demo ERP as a retrieval suite, made at run time from the demo's own resources: its schema with its annotations
 * and table docs, and as questions the docs' documented queries (Common Queries), each asked as the verified example
 * it seeds and scored against the tables its SQL reads.
 */
public final class DemoSuite {
    /** What {@code --suite} names to run it. */
    public static final String NAME = "demo";

    static final String SCHEMA = "public";
    private static final String DATABASE_ID = "bench_demo";

    private DemoSuite() {}

    /**
     * One question per documented query of the docs in {@code docsDir}, in file order, each text once: the pattern's
     * name and use case, as {@link DocumentedQuery} reads them, with the tables its SQL reads as the gold.
     */
    static List<RetrievalBenchmark.Question> questions(Path docsDir) throws IOException {
        TableDocParser parser = new TableDocParser(SCHEMA, Set.of());
        Map<String, RetrievalBenchmark.Question> byText = new LinkedHashMap<>();
        for (Path doc : docs(docsDir)) {
            if (!(parser.parse(Files.readString(doc, StandardCharsets.UTF_8)) instanceof DocParseResult.Parsed parsed))
                throw new IllegalStateException(doc.getFileName() + " is not a well-formed table doc");
            for (DocChunk chunk : parsed.chunks()) {
                if (chunk.query().isEmpty()) continue;
                DocumentedQuery query =
                        DocumentedQuery.fromChunk(chunk.content()).orElseThrow();
                Set<String> tables = goldTables(query.sql());
                if (tables.isEmpty())
                    throw new IllegalStateException("the SQL of '" + query.question() + "' in " + doc.getFileName()
                            + " does not parse or reads no table");
                String id = NAME + "-" + (byText.size() + 1);
                byText.putIfAbsent(
                        query.question(),
                        new RetrievalBenchmark.Question(id, SCHEMA, query.question(), null, tables, Set.of()));
            }
        }
        return List.copyOf(byText.values());
    }

    /** The tables {@code sql} reads as {@code schema.table}, unqualified ones in the demo's schema. */
    static Set<String> goldTables(String sql) {
        Set<String> tables = new TreeSet<>();
        for (String table : SqlTables.readBy(sql)) tables.add(table.contains(".") ? table : SCHEMA + "." + table);
        return tables;
    }

    private static List<Path> docs(Path docsDir) throws IOException {
        try (Stream<Path> files = Files.list(docsDir)) {
            return files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        }
    }

    /**
     * The demo's schema in a fresh database of its own, registered with the demo's annotations and docs as {@code erp}
     * is, nothing of it left in the store; its rows are not loaded, since retrieval reads none.
     */
    static RegisteredDatabase loadFresh(BenchDatabases databases, Path extracted) throws IOException, SQLException {
        RegisteredDatabase created = databases.fresh(DATABASE_ID, List.of(SCHEMA));
        try (Database target = new Database(
                        created.jdbcUrl(),
                        created.requireAdmin().user(),
                        created.requireAdmin().password());
                Connection c = target.borrow();
                Statement s = c.createStatement()) {
            s.execute(Files.readString(extracted.resolve("schema.sql"), StandardCharsets.UTF_8));
        }
        databases.clearStore(DATABASE_ID);
        return new RegisteredDatabase(
                DATABASE_ID,
                created.jdbcUrl(),
                created.admin(),
                null,
                List.of(SCHEMA),
                extracted.resolve("modules.json"),
                extracted.resolve("docs"));
    }

    /** Extracts the demo's resources into a new temporary directory. */
    static Path extract() throws IOException {
        return DemoDatabase.extract(Files.createTempDirectory("schemarag-demo-suite"));
    }
}
