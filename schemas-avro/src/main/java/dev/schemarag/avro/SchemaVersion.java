package dev.schemarag.avro;

import org.apache.avro.Schema;

/** One registered version of a subject: its per-subject version number and its global schema id. */
public record SchemaVersion(String subject, int version, int id, Schema schema) {}
