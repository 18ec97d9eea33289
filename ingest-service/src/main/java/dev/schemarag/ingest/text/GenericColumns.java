package dev.schemarag.ingest.text;

import dev.schemarag.core.schema.TableName;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Columns whose names say little about what a table holds ({@code id}, {@code status}, {@code created_at}, ...).
 * They go last in column lists, so a capped list keeps the informative ones.
 *
 * <p>A column is generic when its lower-cased name is one of the words, or is a word prefixed by the table's own
 * name or its naive singular: in {@code employees}, {@code employee_id} and {@code employees_status} are generic,
 * while {@code department_id} is not (it names another entity). The singular drops a trailing {@code s} or
 * {@code es}, or turns {@code ies} into {@code y}; nothing cleverer, so results stay predictable.
 */
public final class GenericColumns {
    /** The default vocabulary; the only place it is defined. */
    public static final Set<String> DEFAULT_WORDS = Set.of(
            "id",
            "uuid",
            "guid",
            "rowguid",
            "code",
            "key",
            "name",
            "title",
            "description",
            "notes",
            "note",
            "comment",
            "comments",
            "remarks",
            "type",
            "kind",
            "category",
            "status",
            "state",
            "is_active",
            "active",
            "enabled",
            "is_deleted",
            "deleted",
            "version",
            "sort_order",
            "position",
            "seq",
            "sequence",
            "created",
            "created_at",
            "created_on",
            "created_by",
            "creation_date",
            "updated",
            "updated_at",
            "updated_on",
            "updated_by",
            "modified",
            "modified_at",
            "modified_on",
            "modified_by",
            "modifieddate",
            "deleted_at",
            "deleted_by");

    private static final GenericColumns DEFAULTS = new GenericColumns(DEFAULT_WORDS);

    private final Set<String> words;

    public GenericColumns(Set<String> words) {
        this.words = words.stream().map(w -> w.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    public static GenericColumns defaults() {
        return DEFAULTS;
    }

    public boolean isGeneric(TableName table, String column) {
        String name = column.toLowerCase(Locale.ROOT);
        if (words.contains(name)) return true;
        for (String stem : stems(table.table().toLowerCase(Locale.ROOT))) {
            String prefix = stem + "_";
            if (name.startsWith(prefix) && words.contains(name.substring(prefix.length()))) return true;
        }
        return false;
    }

    private static Set<String> stems(String table) {
        Set<String> stems = new LinkedHashSet<>();
        stems.add(table);
        if (table.endsWith("ies")) stems.add(table.substring(0, table.length() - 3) + "y");
        if (table.endsWith("es")) stems.add(table.substring(0, table.length() - 2));
        if (table.endsWith("s")) stems.add(table.substring(0, table.length() - 1));
        return stems;
    }
}
