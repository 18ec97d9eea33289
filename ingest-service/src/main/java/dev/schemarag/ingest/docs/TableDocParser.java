package dev.schemarag.ingest.docs;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.ingest.docs.Markdown.Field;
import dev.schemarag.ingest.docs.Markdown.Heading;
import dev.schemarag.ingest.docs.Markdown.Line;
import dev.schemarag.ingest.docs.Markdown.MalformedMarkdown;
import dev.schemarag.ingest.docs.Markdown.Section;
import dev.schemarag.ingest.text.TokenEstimate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses one table's markdown documentation into {@link DocChunk}s:
 * <pre>
 * # Table: employees
 * ## Purpose / ## Business Context / ## Notes    → one OVERVIEW chunk
 * ## Columns,        ### first_name              → one COLUMN chunk per column (fields **Type:**, **Description:**,
 *                                                  **Domain:**, **Nullable:**, **Notes:**; others are kept too)
 * ## Common Queries, ### Query Pattern: By hire date
 *                    ```sql ...```, **Use case:**, **Returns:**  → one QUERY chunk per pattern, with a QueryExample
 * ## Relationships   - **departments** ...       → one RELATIONSHIP chunk
 * ## Examples                                    → one EXAMPLE chunk
 * </pre>
 * Section titles match case-insensitively; missing sections yield no chunk and other sections are ignored. A file
 * is malformed when it has no {@code # Table:} heading (or more than one), names no valid table, or leaves a
 * code fence open. A column heading's first word is the column name, so {@code ### hire_date (date)} works.
 *
 * <p>Related tables: the first bold name of each relationship bullet, and the known tables that query or example
 * SQL reads from. A column chunk relates to the tables of the relationship bullets that mention the column.
 */
public final class TableDocParser {
    private static final Pattern TABLE_HEADING = Pattern.compile("(?i)^table:\\s*(.*)$");
    private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*(?:\\.[A-Za-z_][A-Za-z0-9_$]*)?");
    private static final Pattern QUERY_PATTERN_PREFIX = Pattern.compile("(?i)^query pattern:\\s*");
    private static final Pattern BOLD = Pattern.compile("\\*\\*(.+?)\\*\\*");
    private static final List<String> OVERVIEW_SECTIONS = List.of("Purpose", "Business Context", "Notes");

    private final String defaultSchema;
    private final SqlTableReferences references;

    /** @param knownTables the tables of the database; SQL mentioning other names does not relate chunks to them */
    public TableDocParser(String defaultSchema, Set<TableName> knownTables) {
        this.defaultSchema = defaultSchema;
        this.references = new SqlTableReferences(defaultSchema, knownTables);
    }

    /** The table a doc is about, from its {@code # Table:} heading; empty when the doc is malformed. */
    public static Optional<TableName> tableOf(String markdown, String defaultSchema) {
        try {
            return Optional.of(TableName.parse(tableHeading(Markdown.lines(markdown)), defaultSchema));
        } catch (MalformedMarkdown e) {
            return Optional.empty();
        }
    }

    public DocParseResult parse(String markdown) {
        try {
            List<Line> lines = Markdown.lines(markdown);
            String written = tableHeading(lines);
            return new Document(TableName.parse(written, defaultSchema), written, lines).parse();
        } catch (MalformedMarkdown e) {
            return new DocParseResult.Malformed(e.getMessage());
        }
    }

    private static String tableHeading(List<Line> lines) throws MalformedMarkdown {
        List<Line> titles = lines.stream()
                .filter(l -> l.heading().filter(h -> h.level() == 1).isPresent())
                .toList();
        if (titles.isEmpty()) throw new MalformedMarkdown("no '# Table: <name>' heading");
        Heading first = titles.get(0).heading().orElseThrow();
        Matcher m = TABLE_HEADING.matcher(first.title());
        if (!m.matches())
            throw new MalformedMarkdown("first heading '# " + first.title() + "' (line "
                    + titles.get(0).number() + ") is not '# Table: <name>'");
        if (titles.size() > 1)
            throw new MalformedMarkdown("more than one top-level heading (lines "
                    + titles.get(0).number() + " and " + titles.get(1).number() + "); one file documents one table");
        String name = Markdown.plain(m.group(1)).strip();
        if (!TABLE_NAME.matcher(name).matches())
            throw new MalformedMarkdown("'" + name + "' in the '# Table:' heading is not a table name");
        return name;
    }

    /** The parse of one file; collects its chunks other than the overview. */
    private final class Document {
        private final TableName table;
        private final String written;
        private final Map<String, List<Line>> sections = new LinkedHashMap<>();
        private final List<DocChunk> chunks = new ArrayList<>();
        private int nextIndex;

        Document(TableName table, String written, List<Line> lines) {
            this.table = table;
            this.written = written;
            for (Section s : Markdown.sections(lines, 2))
                sections.computeIfAbsent(s.title().strip().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                        .addAll(s.body());
        }

        DocParseResult parse() {
            List<Relationship> relationships = relationships();
            Optional<String> overview = overviewContent();
            // The overview comes first but relates to every table found further down, so it is built last.
            nextIndex = overview.isPresent() ? 1 : 0;
            Set<TableName> sqlTables = new TreeSet<>();
            for (Section column : Markdown.sections(section("Columns"), 3)) addColumn(column, relationships);
            for (Section pattern : Markdown.sections(section("Common Queries"), 3)) sqlTables.addAll(addQuery(pattern));
            addRelationships(relationships);
            sqlTables.addAll(addExamples());

            Set<TableName> everyRelated = new TreeSet<>(sqlTables);
            relationships.forEach(r -> everyRelated.add(r.table()));
            List<DocChunk> all = new ArrayList<>();
            overview.ifPresent(content ->
                    all.add(chunk(Optional.empty(), ChunkKind.OVERVIEW, 0, content, everyRelated, Optional.empty())));
            all.addAll(chunks);
            return new DocParseResult.Parsed(table, all);
        }

        private Optional<String> overviewContent() {
            List<String> parts = new ArrayList<>();
            for (String title : OVERVIEW_SECTIONS) {
                String text = Markdown.plainText(section(title));
                if (!text.isBlank()) parts.add(capitalizeFirst(title) + ": " + text);
            }
            if (parts.isEmpty()) return Optional.empty();
            return Optional.of("Table " + written + "\n" + String.join("\n", parts));
        }

        private void addColumn(Section section, List<Relationship> relationships) {
            String name = Markdown.plain(section.title()).strip().split("\\s+", 2)[0];
            if (name.isEmpty()) return;
            List<String> lines = new ArrayList<>();
            lines.add("Column " + written + "." + name);
            Markdown.fields(section.body()).forEach(f -> lines.add(f.label() + ": " + f.value()));
            lines.addAll(Markdown.prose(section.body()));
            List<TableName> related = relationships.stream()
                    .filter(r -> r.mentions(name))
                    .map(Relationship::table)
                    .toList();
            add(Optional.of(name), ChunkKind.COLUMN, String.join("\n", lines), related, Optional.empty());
        }

        /** @return the known tables the pattern's SQL reads from */
        private Set<TableName> addQuery(Section section) {
            String name = QUERY_PATTERN_PREFIX
                    .matcher(Markdown.plain(section.title()).strip())
                    .replaceFirst("");
            List<Field> fields = Markdown.fields(section.body());
            Optional<String> sql = Markdown.codeBlocks(section.body(), true).stream()
                    .filter(s -> !s.isBlank())
                    .findFirst();
            List<String> lines = new ArrayList<>();
            lines.add("Query pattern on " + written + ": " + name);
            fields.forEach(f -> lines.add(f.label() + ": " + f.value()));
            lines.addAll(Markdown.prose(section.body()));
            sql.ifPresent(s -> lines.add("SQL:\n" + s));
            Set<TableName> tables = sql.map(references::inSql).orElse(Set.of());
            Optional<QueryExample> example = sql.map(s -> new QueryExample(
                    name,
                    s,
                    Markdown.field(fields, "Use case").orElse(""),
                    Markdown.field(fields, "Returns").orElse("")));
            add(Optional.empty(), ChunkKind.QUERY, String.join("\n", lines), tables, example);
            return tables;
        }

        private void addRelationships(List<Relationship> relationships) {
            String text = Markdown.plainText(section("Relationships"));
            if (text.isBlank()) return;
            add(
                    Optional.empty(),
                    ChunkKind.RELATIONSHIP,
                    "Relationships of " + written + "\n" + text,
                    relationships.stream().map(Relationship::table).toList(),
                    Optional.empty());
        }

        /** @return the known tables the examples' SQL reads from */
        private Set<TableName> addExamples() {
            List<Line> body = section("Examples");
            String text = Markdown.plainText(body);
            if (text.isBlank()) return Set.of();
            Set<TableName> tables = new TreeSet<>();
            Markdown.codeBlocks(body, true).forEach(sql -> tables.addAll(references.inSql(sql)));
            add(Optional.empty(), ChunkKind.EXAMPLE, "Examples for " + written + "\n" + text, tables, Optional.empty());
            return tables;
        }

        private List<Relationship> relationships() {
            List<Relationship> relationships = new ArrayList<>();
            for (Line line : section("Relationships")) {
                if (!Markdown.isBullet(line)) continue;
                Matcher bold = BOLD.matcher(line.text());
                if (!bold.find()) continue;
                references
                        .named(Markdown.plain(bold.group(1)))
                        .ifPresent(t -> relationships.add(new Relationship(t, Markdown.plain(line.text()))));
            }
            return relationships;
        }

        private List<Line> section(String title) {
            return sections.getOrDefault(title.toLowerCase(Locale.ROOT), List.of());
        }

        private void add(
                Optional<String> column,
                ChunkKind kind,
                String content,
                Collection<TableName> related,
                Optional<QueryExample> query) {
            chunks.add(chunk(column, kind, nextIndex++, content, related, query));
        }

        private DocChunk chunk(
                Optional<String> column,
                ChunkKind kind,
                int index,
                String content,
                Collection<TableName> related,
                Optional<QueryExample> query) {
            return new DocChunk(
                    table,
                    column,
                    kind,
                    index,
                    content,
                    othersSorted(related),
                    Keywords.top(content, Keywords.DEFAULT_LIMIT),
                    TokenEstimate.of(content),
                    query);
        }

        /** Sorted, distinct, and without the documented table itself. */
        private List<TableName> othersSorted(Collection<TableName> tables) {
            Set<TableName> others = new TreeSet<>(tables);
            others.remove(table);
            return List.copyOf(others);
        }
    }

    /** One relationship bullet: the table it names and its text, to tell which columns it is about. */
    private record Relationship(TableName table, String text) {
        boolean mentions(String column) {
            return Pattern.compile("(?i)(?<![A-Za-z0-9_])" + Pattern.quote(column) + "(?![A-Za-z0-9_])")
                    .matcher(text)
                    .find();
        }
    }

    private static String capitalizeFirst(String title) {
        String lower = title.toLowerCase(Locale.ROOT);
        return Character.toUpperCase(lower.charAt(0)) + lower.substring(1);
    }
}
