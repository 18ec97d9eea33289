package dev.schemarag.stack;

import org.apache.avro.Schema;

/** A schema as the registry stores it: version {@code version} of {@code subject}, with global id {@code id}. */
record RegisteredSchema(String subject, int version, int id, Schema schema) {}
