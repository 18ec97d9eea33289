package dev.schemarag.ingest.docs;

import dev.schemarag.core.schema.TableName;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads the table docs of one database: every {@code *.md} file directly in a directory, in file-name order,
 * read as UTF-8. A file that cannot be read or parsed, or documents a table an earlier file already documents,
 * is logged at WARN and reported in {@link DocsLoadResult#skipped()}; the other files still load.
 */
public final class DocsLoader {
    private static final Logger log = LoggerFactory.getLogger(DocsLoader.class);
    private static final String BYTE_ORDER_MARK = "\uFEFF";

    private DocsLoader() {}

    /** Relates chunks only to tables that the docs in {@code dir} themselves document. */
    public static DocsLoadResult load(Path dir, String defaultSchema) {
        List<Source> sources = read(dir);
        Set<TableName> documented = new TreeSet<>();
        sources.forEach(s ->
                s.text().flatMap(t -> TableDocParser.tableOf(t, defaultSchema)).ifPresent(documented::add));
        return parse(sources, new TableDocParser(defaultSchema, documented));
    }

    /** @param knownTables the database's tables, e.g. from its catalog; chunk relations point only at these */
    public static DocsLoadResult load(Path dir, String defaultSchema, Set<TableName> knownTables) {
        return parse(read(dir), new TableDocParser(defaultSchema, knownTables));
    }

    private static DocsLoadResult parse(List<Source> sources, TableDocParser parser) {
        List<TableDoc> docs = new ArrayList<>();
        List<SkippedDoc> skipped = new ArrayList<>();
        Map<TableName, Path> documentedBy = new HashMap<>();
        for (Source source : sources) {
            if (source.text().isEmpty()) {
                skipped.add(new SkippedDoc(source.file(), source.unreadable()));
                continue;
            }
            DocParseResult result = parser.parse(source.text().get());
            if (result instanceof DocParseResult.Malformed m) {
                skipped.add(new SkippedDoc(source.file(), m.reason()));
            } else if (result instanceof DocParseResult.Parsed p) {
                Path earlier = documentedBy.putIfAbsent(p.table(), source.file());
                if (earlier == null) docs.add(new TableDoc(p.table(), source.file(), p.chunks()));
                else
                    skipped.add(new SkippedDoc(
                            source.file(), "table " + p.table() + " is already documented by " + earlier));
            }
        }
        skipped.forEach(s -> log.warn("Skipping table doc {}: {}", s.file(), s.reason()));
        log.info(
                "Loaded {} table docs ({} chunks) from {} files; skipped {}",
                docs.size(),
                docs.stream().mapToInt(d -> d.chunks().size()).sum(),
                sources.size(),
                skipped.size());
        return new DocsLoadResult(docs, skipped);
    }

    /** The markdown files of {@code dir} in name order. */
    private static List<Source> read(Path dir) {
        if (!Files.isDirectory(dir)) {
            log.warn("No table docs directory at {}; continuing without docs", dir);
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".md") && Files.isRegularFile(f))
                    .sorted()
                    .map(DocsLoader::readSource)
                    .toList();
        } catch (IOException e) {
            log.warn("Cannot list table docs directory {}: {}", dir, e.getMessage());
            return List.of();
        }
    }

    private static Source readSource(Path file) {
        try {
            String text = Files.readString(file);
            return new Source(file, Optional.of(text.startsWith(BYTE_ORDER_MARK) ? text.substring(1) : text), "");
        } catch (MalformedInputException e) {
            return new Source(file, Optional.empty(), "not valid UTF-8");
        } catch (IOException e) {
            return new Source(file, Optional.empty(), "cannot be read: " + e.getMessage());
        }
    }

    /** A file's text, or why it has none. */
    private record Source(Path file, Optional<String> text, String unreadable) {}
}
