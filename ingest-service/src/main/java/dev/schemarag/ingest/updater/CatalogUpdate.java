package dev.schemarag.ingest.updater;

import dev.schemarag.events.SchemaCatalogEntry;

/** One record for the compacted schema.catalog topic; a null entry is a tombstone (the table was dropped). */
public record CatalogUpdate(String key, SchemaCatalogEntry entry) {}
