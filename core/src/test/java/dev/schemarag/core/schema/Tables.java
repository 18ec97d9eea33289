package dev.schemarag.core.schema;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds test tables tersely: {@code Tables.table("hr.employees").pk("employee_id").fk("dept_id", "hr.departments",
 * "dept_id").build()}. Shared with the tests of other modules through core's test jar.
 */
public final class Tables {
    private final TableName name;
    private final List<Column> columns = new ArrayList<>();
    private final List<String> primaryKey = new ArrayList<>();
    private final List<ForeignKey> foreignKeys = new ArrayList<>();
    private final List<List<String>> unique = new ArrayList<>();
    private String comment;
    private boolean view;

    private Tables(TableName name) {
        this.name = name;
    }

    public static Tables table(String qualified) {
        return new Tables(name(qualified));
    }

    public static TableName name(String qualified) {
        return TableName.parse(qualified, "public");
    }

    /** A NOT NULL bigint primary key column. */
    public Tables pk(String column) {
        columns.add(new Column(column, "bigint", false, null, null));
        primaryKey.add(column);
        return this;
    }

    /** A NOT NULL primary key column of the given type. */
    public Tables pk(String column, String type) {
        columns.add(new Column(column, type, false, null, null));
        primaryKey.add(column);
        return this;
    }

    public Tables column(String column, String type) {
        columns.add(new Column(column, type, true, null, null));
        return this;
    }

    public Tables column(String column, String type, boolean nullable, String comment) {
        columns.add(new Column(column, type, nullable, null, comment));
        return this;
    }

    /** A bigint column referencing {@code referenced}'s {@code referencedColumn}. */
    public Tables fk(String column, String referenced, String referencedColumn) {
        if (columns.stream().noneMatch(c -> c.name().equals(column)))
            columns.add(new Column(column, "bigint", true, null, null));
        foreignKeys.add(new ForeignKey(
                name.table() + "_" + column + "_fkey", List.of(column), name(referenced), List.of(referencedColumn)));
        return this;
    }

    public Tables foreignKey(List<String> columns, String referenced, List<String> referencedColumns) {
        foreignKeys.add(new ForeignKey(
                name.table() + "_fkey" + foreignKeys.size(), columns, name(referenced), referencedColumns));
        return this;
    }

    public Tables unique(String... columns) {
        unique.add(List.of(columns));
        return this;
    }

    public Tables comment(String comment) {
        this.comment = comment;
        return this;
    }

    public Tables view() {
        this.view = true;
        return this;
    }

    public Table build() {
        return new Table(name, view, comment, columns, primaryKey, foreignKeys, unique);
    }
}
