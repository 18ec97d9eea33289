package dev.schemarag.ingest.changes;

import dev.schemarag.events.ChangeKind;
import dev.schemarag.events.SchemaChanged;
import java.time.Instant;
import java.util.Set;

/** Pure mapping of a captured DDL command to the {@link SchemaChanged} event of one database. */
public final class SchemaChangeMapper {
    private SchemaChangeMapper() {}

    public static SchemaChanged toEvent(String databaseId, DdlEvent ddl) {
        return SchemaChanged.newBuilder()
                .setDatabaseId(databaseId)
                .setSchema$(ddl.schema())
                .setTable(ddl.table())
                .setColumn(ddl.column())
                .setChangeKind(kindOf(ddl))
                .setCommandTag(ddl.commandTag())
                .setPreviousTable(ddl.previousTable())
                .setCommentText(ddl.commentText())
                .setSourcePosition(ddl.sourcePosition())
                .setTimestamp(Instant.ofEpochMilli(ddl.commitMillis()))
                .build();
    }

    /** Kafka key: changes of one table stay in order on one partition. */
    public static String key(String databaseId, String schema, String table) {
        return databaseId + "." + schema + "." + table;
    }

    /**
     * Whether the command changes who may read what rather than a table: ingest then reads the privileges and policies
     * of the whole database again. Its event names the policy's table, or no table for GRANT and REVOKE (PostgreSQL's
     * event trigger data names no object for them) and for the role membership changes that {@code
     * RoleMembershipCapture} captures ({@code GRANT ROLE}, {@code REVOKE ROLE}, {@code ALTER ROLE}).
     */
    public static boolean changesAccess(String commandTag) {
        return ACCESS_COMMANDS.contains(commandTag);
    }

    private static final Set<String> ACCESS_COMMANDS = Set.of(
            "GRANT",
            "REVOKE",
            "ALTER DEFAULT PRIVILEGES",
            "CREATE POLICY",
            "ALTER POLICY",
            "DROP POLICY",
            "GRANT ROLE",
            "REVOKE ROLE",
            "ALTER ROLE");

    static ChangeKind kindOf(DdlEvent ddl) {
        String tag = ddl.commandTag();
        if (changesAccess(tag)) return ChangeKind.OTHER;
        boolean columnObject = ddl.objectType().endsWith("column");
        if (tag.equals("COMMENT")) return columnObject ? ChangeKind.COMMENT_COLUMN : ChangeKind.COMMENT_TABLE;
        if (tag.startsWith("DROP")) return ChangeKind.DROP_TABLE;
        if (tag.startsWith("CREATE") || tag.equals("SELECT INTO")) return ChangeKind.CREATE_TABLE;
        if (tag.startsWith("ALTER"))
            return ddl.previousTable() != null ? ChangeKind.RENAME_TABLE : ChangeKind.ALTER_TABLE;
        return ChangeKind.OTHER;
    }
}
