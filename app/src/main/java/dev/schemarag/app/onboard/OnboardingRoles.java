package dev.schemarag.app.onboard;

import dev.schemarag.ingest.cdc.DebeziumDdlCapture;

/**
 * The two roles SchemaRAG uses on a target database, one pair per database so that {@code db remove} can drop
 * them: the read-only reader generation validates as, and the replication role change capture streams as.
 */
public record OnboardingRoles(String reader, String cdc) {
    /** PostgreSQL cuts longer names silently (NAMEDATALEN - 1), and a cut name would not be found to be dropped. */
    static final int MAX_NAME_BYTES = 63;

    public OnboardingRoles {
        for (String role : new String[] {reader, cdc})
            if (role.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_NAME_BYTES)
                throw new IllegalArgumentException(
                        "role name " + role + " is longer than PostgreSQL's 63 bytes: choose a shorter id");
    }

    /** {@code schemarag_<id>_reader} and {@code schemarag_<id>_cdc}, the id folded as replication slot names are. */
    public static OnboardingRoles defaults(String databaseId, String readerOverride) {
        String base = DebeziumDdlCapture.slotName(databaseId);
        return new OnboardingRoles(
                readerOverride == null || readerOverride.isBlank() ? base + "_reader" : readerOverride, base + "_cdc");
    }
}
