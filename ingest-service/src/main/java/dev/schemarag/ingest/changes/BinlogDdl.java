package dev.schemarag.ingest.changes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pure mapping of one MySQL or MariaDB DDL statement, as Debezium's binlog connectors report it (the statement's text
 * and the tables it created, altered or dropped), to {@link DdlEvent}s, one per table. MySQL has no COMMENT statement:
 * table and column comments change through ALTER TABLE, which re-introspects the table like any other alteration.
 * <p>
 * Debezium names a renamed table by its new name only; the old one, which the store must forget, is read from the
 * statement: the table an ALTER TABLE names when Debezium reports another, or the pairs of a RENAME TABLE. A
 * statement this cannot read (comments before a name, say) leaves the old name in the store until the next sync.
 */
public final class BinlogDdl {
    /** One table a statement touched, as Debezium's {@code tableChanges} lists it. */
    public record TableChange(Type type, String database, String table) {}

    public enum Type {
        CREATE,
        ALTER,
        DROP
    }

    private static final String IDENTIFIER = "(?:`(?:[^`]|``)+`|[\\p{L}\\p{N}_$]+)";
    private static final String NAME = IDENTIFIER + "(?:\\s*\\.\\s*" + IDENTIFIER + ")?";
    private static final Pattern ALTER = Pattern.compile(
            "^\\s*ALTER\\s+(?:ONLINE\\s+)?(?:IGNORE\\s+)?TABLE\\s+(?:IF\\s+EXISTS\\s+)?(" + NAME + ")",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern RENAME =
            Pattern.compile("^\\s*RENAME\\s+TABLES?\\s+(?:IF\\s+EXISTS\\s+)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern PAIR = Pattern.compile(
            "\\G\\s*(" + NAME + ")\\s+(?:WAIT\\s+\\d+\\s+|NOWAIT\\s+)?TO\\s+(" + NAME + ")\\s*(?:,|;?\\s*$)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PART = Pattern.compile(IDENTIFIER);

    private BinlogDdl() {}

    /**
     * @param ddl the statement as the binlog holds it
     * @param defaultDatabase the database the statement ran in, which unqualified names are in
     * @param position where the statement is in the binlog (a GTID or file:position), for the event's record
     * @param sequence a number that orders the statement's events (its binlog offset)
     */
    public static List<DdlEvent> toEvents(
            String ddl,
            String defaultDatabase,
            List<TableChange> changes,
            String position,
            long sequence,
            long commitMillis) {
        UnaryOperator<String> renamedFrom = renamedFrom(ddl == null ? "" : ddl, defaultDatabase);
        List<DdlEvent> events = new ArrayList<>();
        for (TableChange change : changes) {
            String previous = change.type() == Type.ALTER
                    ? renamedFrom.apply(qualified(change.database(), change.table()))
                    : null;
            events.add(new DdlEvent(
                    sequence,
                    change.type().name() + " TABLE",
                    "table",
                    change.database(),
                    change.table(),
                    null,
                    previous,
                    null,
                    position,
                    commitMillis));
        }
        return events;
    }

    /**
     * The old {@code database.table} of a table the statement renamed, by its new {@code database.table}; null for a
     * table it did not rename. An ALTER TABLE renamed every table but the one it names (Debezium reports an altered
     * table by its new name).
     */
    static UnaryOperator<String> renamedFrom(String ddl, String defaultDatabase) {
        Matcher alter = ALTER.matcher(ddl);
        if (alter.find()) {
            String altered = qualify(alter.group(1), defaultDatabase);
            return name -> altered.equals(name) ? null : altered;
        }
        Matcher rename = RENAME.matcher(ddl);
        if (!rename.find()) return name -> null;
        Matcher pair = PAIR.matcher(ddl);
        pair.region(rename.end(), ddl.length());
        int end = rename.end();
        Map<String, String> pairs = new HashMap<>();
        while (pair.find()) {
            pairs.put(qualify(pair.group(2), defaultDatabase), qualify(pair.group(1), defaultDatabase));
            end = pair.end();
        }
        return end == ddl.length() ? pairs::get : name -> null; // a statement not read to its end: trust none of it
    }

    private static String qualify(String name, String defaultDatabase) {
        List<String> parts = new ArrayList<>();
        Matcher m = PART.matcher(name);
        while (m.find()) parts.add(unquote(m.group()));
        return parts.size() == 2 ? qualified(parts.get(0), parts.get(1)) : qualified(defaultDatabase, parts.get(0));
    }

    private static String unquote(String identifier) {
        return identifier.startsWith("`")
                ? identifier.substring(1, identifier.length() - 1).replace("``", "`")
                : identifier;
    }

    private static String qualified(String database, String table) {
        return database + "." + table;
    }
}
