package dev.schemarag.generation.validation;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.util.TablesNamesFinder;

/** The base tables a statement reads, as the database names them; CTE names are not tables and are left out. */
public final class SqlTables {

    private SqlTables() {}

    /** Sorted {@code schema.table} names (unqualified when the SQL does not qualify them); empty when it does not parse. */
    public static List<String> readBy(String sql) {
        return ParsedStatement.parse(sql).statement().map(SqlTables::readBy).orElse(List.of());
    }

    static List<String> readBy(Statement statement) {
        return new TablesNamesFinder<Void>()
                .getTables(statement).stream()
                        .map(SqlTables::normalized)
                        .sorted()
                        .distinct()
                        .toList();
    }

    private static String normalized(String qualifiedName) {
        return Arrays.stream(qualifiedName.split("\\."))
                .map(Identifiers::normalize)
                .collect(Collectors.joining("."));
    }
}
