package dev.schemarag.generation.validation;

import java.util.List;

/**
 * Help for repairing an undefined-column error: the tables the failed reference meant, their valid columns
 * (closest first), similar columns of other tables, and the instruction to give the generator.
 */
public record ColumnRepair(
        MissingColumn missing,
        List<String> intendedTables,
        List<ColumnMatch> validColumns,
        List<ColumnMatch> nearMatches,
        String instruction) {

    public ColumnRepair {
        intendedTables = List.copyOf(intendedTables);
        validColumns = List.copyOf(validColumns);
        nearMatches = List.copyOf(nearMatches);
    }
}
