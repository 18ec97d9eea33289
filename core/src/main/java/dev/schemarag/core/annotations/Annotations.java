package dev.schemarag.core.annotations;

import dev.schemarag.core.schema.Relationship;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Hand-written knowledge about one database that its catalog cannot hold: the business module of a table,
 * synonyms users say instead of the identifiers, extra descriptions, relationships the database does not declare
 * (or that must not be inferred), and the columns that hold personal data ({@code piiColumns}, whose values results
 * withhold).
 *
 * <p>Keys name a table as {@code table} or {@code schema.table}, a column as {@code table.column} or
 * {@code schema.table.column}; they match case-insensitively. A lookup tries the qualified key first, so a
 * {@code sales.orders} entry wins over an {@code orders} entry; a short key applies to that table in every schema.
 */
public record Annotations(
        Map<String, String> modules,
        Map<String, List<String>> synonyms,
        Map<String, String> descriptions,
        List<RelationshipNote> relationships,
        Set<String> piiColumns) {

    private static final Annotations EMPTY = new Annotations(Map.of(), Map.of(), Map.of());

    public Annotations {
        modules = lowerCaseKeys(modules, UnaryOperator.identity());
        synonyms = lowerCaseKeys(synonyms, List::copyOf);
        descriptions = lowerCaseKeys(descriptions, UnaryOperator.identity());
        relationships = List.copyOf(relationships);
        // Sorted, like the maps below.
        piiColumns = Collections.unmodifiableSortedSet(piiColumns.stream()
                .map(key -> key.strip().toLowerCase(Locale.ROOT))
                .collect(Collectors.toCollection(TreeSet::new)));
    }

    public Annotations(
            Map<String, String> modules,
            Map<String, List<String>> synonyms,
            Map<String, String> descriptions,
            List<RelationshipNote> relationships) {
        this(modules, synonyms, descriptions, relationships, Set.of());
    }

    public Annotations(
            Map<String, String> modules, Map<String, List<String>> synonyms, Map<String, String> descriptions) {
        this(modules, synonyms, descriptions, List.of());
    }

    public static Annotations empty() {
        return EMPTY;
    }

    public Optional<String> module(TableName table) {
        return lookup(modules, tableKeys(table));
    }

    public List<String> synonyms(TableName table) {
        return lookup(synonyms, tableKeys(table)).orElse(List.of());
    }

    public List<String> synonyms(TableName table, String column) {
        return lookup(synonyms, columnKeys(table, column)).orElse(List.of());
    }

    public Optional<String> description(TableName table) {
        return lookup(descriptions, tableKeys(table));
    }

    public Optional<String> description(TableName table, String column) {
        return lookup(descriptions, columnKeys(table, column));
    }

    /** The relationships the annotations add to, or deny for, the table's columns. */
    public List<Relationship> relationships(TableName table) {
        return relationships.stream().flatMap(note -> note.of(table).stream()).toList();
    }

    /** The table as stored for retrieval: with the relationships its annotations add or deny. */
    public Table annotated(Table table) {
        return table.withRelationships(relationships(table.name()));
    }

    /** Whether {@code key} names a column as {@code table.column} or {@code schema.table.column}. */
    static boolean namesColumn(String key) {
        List<String> parts = List.of(key.strip().split("\\.", -1));
        return parts.size() >= 2 && parts.size() <= 3 && parts.stream().noneMatch(String::isBlank);
    }

    private static List<String> tableKeys(TableName table) {
        return List.of(table.toString(), table.table());
    }

    private static List<String> columnKeys(TableName table, String column) {
        return List.of(table + "." + column, table.table() + "." + column);
    }

    private static <V> Optional<V> lookup(Map<String, V> map, List<String> keysMostSpecificFirst) {
        return keysMostSpecificFirst.stream()
                .map(key -> map.get(key.toLowerCase(Locale.ROOT)))
                .filter(Objects::nonNull)
                .findFirst();
    }

    private static <V> Map<String, V> lowerCaseKeys(Map<String, V> map, UnaryOperator<V> copy) {
        // Sorted, so anything iterating the annotations sees them in a stable order.
        Map<String, V> sorted = new TreeMap<>();
        map.forEach((key, value) -> sorted.putIfAbsent(key.strip().toLowerCase(Locale.ROOT), copy.apply(value)));
        return Collections.unmodifiableMap(sorted);
    }
}
