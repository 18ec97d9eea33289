package dev.schemarag.generation.validation;

/** ERROR: the query will fail or is certainly wrong. WARNING: it may run but is likely not what was meant. */
public enum Severity {
    ERROR,
    WARNING
}
