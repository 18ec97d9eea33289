package dev.schemarag.ingest.text;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import java.util.stream.Collectors;

/**
 * The one-line M-Schema-style rendering of a table for prompts:
 * {@code leave_requests (leave_id bigint PK, employee_id bigint FK→employees, status text)}.
 * Every column appears, in catalog order, as {@code name type [PK] [FK→table[.column]]}; the referenced column is
 * named only when it differs from the referencing one. No comments, defaults or values, to keep prompts small.
 */
public final class CompactSchema {
    private CompactSchema() {}

    public static String of(Table table) {
        return table.columns().stream()
                .map(c -> column(table, c))
                .collect(Collectors.joining(", ", SchemaFormat.name(table.name()) + " (", ")"));
    }

    private static String column(Table table, Column column) {
        return column.name() + " " + SchemaFormat.type(column.dataType())
                + SchemaFormat.keyMarker(table, column.name()).map(m -> " " + m).orElse("");
    }
}
