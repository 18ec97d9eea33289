package dev.schemarag.ingest.text;

import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** How names, types and key markers are written in every text ingest produces, so all texts agree. */
final class SchemaFormat {
    /** PostgreSQL's default schema; leaving it out keeps texts short and matches how users name tables. */
    static final String DEFAULT_SCHEMA = "public";

    private static final List<TypeAlias> TYPE_ALIASES = List.of(
            new TypeAlias("character varying", "varchar"),
            new TypeAlias("character", "char"),
            new TypeAlias("timestamp with time zone", "timestamptz"),
            new TypeAlias("timestamp without time zone", "timestamp"),
            new TypeAlias("time with time zone", "timetz"),
            new TypeAlias("time without time zone", "time"));

    private SchemaFormat() {}

    /** {@code employees} for {@code public.employees}, {@code sales.orders} otherwise. */
    static String name(TableName table) {
        return DEFAULT_SCHEMA.equals(table.schema()) ? table.table() : table.toString();
    }

    /** The catalog type in its short spelling, e.g. {@code varchar(100)} for {@code character varying(100)}. */
    static String type(String dataType) {
        String type = oneLine(dataType).toLowerCase(Locale.ROOT);
        for (TypeAlias alias : TYPE_ALIASES) {
            String shortened = alias.apply(type);
            if (!shortened.equals(type)) return shortened;
        }
        return type;
    }

    /**
     * {@code PK}, {@code FK→departments} (the referenced column has the same name) or
     * {@code FK→employees.employee_id} (it does not), joined by a space when a column is both.
     */
    static Optional<String> keyMarker(Table table, String column) {
        List<String> markers = new ArrayList<>();
        if (table.isPrimaryKey(column)) markers.add("PK");
        table.foreignKeyOf(column).ifPresent(fk -> markers.add("FK→" + referenced(fk, column)));
        return markers.isEmpty() ? Optional.empty() : Optional.of(String.join(" ", markers));
    }

    /**
     * Collapses line breaks and runs of spaces, so free text from comments cannot break the line layout. A loop, not a
     * regular expression: a sync runs this on every description many times over.
     */
    static String oneLine(String text) {
        if (text == null) return "";
        StringBuilder out = new StringBuilder(text.length());
        boolean inRun = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            // Java's \s: space, tab, line feed, vertical tab, form feed, carriage return.
            boolean space = c == ' ' || c == '\t' || c == '\n' || c == '\013' || c == '\f' || c == '\r';
            if (!space) out.append(c);
            else if (!inRun) out.append(' ');
            inRun = space;
        }
        return out.toString().strip();
    }

    private static String referenced(ForeignKey fk, String column) {
        String target = name(fk.referencedTable());
        String referencedColumn = fk.referencedColumns().get(fk.columns().indexOf(column));
        return referencedColumn.equals(column) ? target : target + "." + referencedColumn;
    }

    /** Replaces a long type name when it is the whole type or is followed by a precision such as {@code (3)}. */
    private record TypeAlias(String longName, String shortName) {
        String apply(String type) {
            if (type.equals(longName)) return shortName;
            if (type.startsWith(longName + "(")) return shortName + type.substring(longName.length());
            // "timestamp(3) without time zone" keeps its precision after the short name.
            String[] words = longName.split(" ", 2);
            if (words.length == 2 && type.startsWith(words[0] + "(") && type.endsWith(") " + words[1])) {
                String precision = type.substring(words[0].length(), type.length() - words[1].length() - 1);
                return shortName + precision;
            }
            return type;
        }
    }
}
