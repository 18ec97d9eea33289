package dev.schemarag.ingest.docs;

import java.nio.file.Path;

/** A documentation file that was not loaded, and why. */
public record SkippedDoc(Path file, String reason) {}
