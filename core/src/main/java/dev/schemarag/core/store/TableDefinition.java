package dev.schemarag.core.store;

/** The non-embedded fields of a stored table row: its compact prompt form and its full definition as JSON. */
public record TableDefinition(String compactSchema, String definitionJson) {}
