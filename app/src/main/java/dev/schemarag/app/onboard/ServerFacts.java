package dev.schemarag.app.onboard;

import java.util.List;

/**
 * What {@code db add} needs to know about a target server before it changes anything, read over the admin login:
 * the server version ({@code server_version_num}), {@code wal_level}, replication slots still free, whether the
 * login is a superuser (event triggers need one), the requested schemas that do not exist, which of SchemaRAG's
 * roles exist already, and whether DDL capture is installed.
 */
public record ServerFacts(
        int versionNum,
        String walLevel,
        int freeReplicationSlots,
        boolean superuser,
        List<String> missingSchemas,
        boolean readerRoleExists,
        boolean cdcRoleExists,
        boolean captureInstalled) {
    public ServerFacts {
        missingSchemas = List.copyOf(missingSchemas);
    }
}
