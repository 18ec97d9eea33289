package dev.schemarag.core.schema;

/** One column of a table as the catalog declares it. No data values: sample values are a separate, opt-in concern. */
public record Column(String name, String dataType, boolean nullable, String defaultValue, String comment) {
    public Column {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("column name is required");
        if (dataType == null || dataType.isBlank())
            throw new IllegalArgumentException("column " + name + " has no type");
    }

    public boolean hasComment() {
        return comment != null && !comment.isBlank();
    }
}
