package dev.schemarag.app.onboard;

import dev.schemarag.ingest.cdc.DebeziumDdlCapture;

/**
 * The two roles SchemaRAG uses on a target database, one pair per database so that {@code db remove} can drop
 * them: the read-only reader generation validates as, and the replication role change capture streams as.
 */
public record OnboardingRoles(String reader, String cdc) {
    /** {@code schemarag_<id>_reader} and {@code schemarag_<id>_cdc}, the id folded as replication slot names are. */
    public static OnboardingRoles defaults(String databaseId, String readerOverride) {
        String base = DebeziumDdlCapture.slotName(databaseId);
        return new OnboardingRoles(
                readerOverride == null || readerOverride.isBlank() ? base + "_reader" : readerOverride, base + "_cdc");
    }
}
