package dev.schemarag.generation.validation;

import java.util.Optional;

/**
 * One entry of a FROM clause: the name it exposes to qualifiers (its alias, else the table or function name)
 * and, for a base table, the table it reads. Both are normalized identifiers.
 */
record Relation(Optional<String> exposedName, Optional<String> table) {}
