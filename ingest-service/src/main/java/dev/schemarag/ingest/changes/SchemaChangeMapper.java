package dev.schemarag.ingest.changes;

import dev.schemarag.events.ChangeKind;
import dev.schemarag.events.SchemaChanged;
import java.time.Instant;

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

    static ChangeKind kindOf(DdlEvent ddl) {
        String tag = ddl.commandTag();
        boolean columnObject = ddl.objectType().endsWith("column");
        if (tag.equals("COMMENT")) return columnObject ? ChangeKind.COMMENT_COLUMN : ChangeKind.COMMENT_TABLE;
        if (tag.startsWith("DROP")) return ChangeKind.DROP_TABLE;
        if (tag.startsWith("CREATE") || tag.equals("SELECT INTO")) return ChangeKind.CREATE_TABLE;
        if (tag.startsWith("ALTER"))
            return ddl.previousTable() != null ? ChangeKind.RENAME_TABLE : ChangeKind.ALTER_TABLE;
        return ChangeKind.OTHER;
    }
}
