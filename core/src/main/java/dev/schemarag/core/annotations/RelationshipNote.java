package dev.schemarag.core.annotations;

import dev.schemarag.core.schema.Relationship;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One entry of the annotations' {@code relationships} section: {@code from} and {@code to} each name a column as
 * {@code table.column} or {@code schema.table.column}. A short {@code from} applies to that table in every schema; a
 * short {@code to} is the table of that name in {@code from}'s schema. A denied relationship is one inference must
 * never produce (a column that looks like a reference but is not).
 */
public record RelationshipNote(String from, String to, boolean deny) {
    public RelationshipNote {
        from = checked(from, "from");
        to = checked(to, "to");
    }

    /** This note as a relationship of {@code table}, if its {@code from} names one of that table's columns. */
    Optional<Relationship> of(TableName table) {
        String[] source = from.split("\\.");
        boolean matches = source.length == 2
                ? source[0].equals(table.table().toLowerCase(Locale.ROOT))
                : source[0].equals(table.schema().toLowerCase(Locale.ROOT))
                        && source[1].equals(table.table().toLowerCase(Locale.ROOT));
        if (!matches) return Optional.empty();
        String[] target = to.split("\\.");
        TableName referenced =
                target.length == 2 ? new TableName(table.schema(), target[0]) : new TableName(target[0], target[1]);
        return Optional.of(new Relationship(
                List.of(source[source.length - 1]), referenced, List.of(target[target.length - 1]), deny));
    }

    private static String checked(String column, String field) {
        if (column == null) throw new IllegalArgumentException("'" + field + "' is required");
        if (!Annotations.namesColumn(column))
            throw new IllegalArgumentException(
                    "'" + field + "' must name a column as table.column or schema.table.column: '" + column + "'");
        return column.strip().toLowerCase(Locale.ROOT);
    }
}
