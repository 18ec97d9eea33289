package dev.schemarag.generation.answer;

import static dev.schemarag.core.store.SqlQuoting.identifier;
import static dev.schemarag.generation.answer.ReaderPrivileges.COLUMN_WRITES;
import static dev.schemarag.generation.answer.ReaderPrivileges.TABLE_WRITES;

import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Whether a role is fit to validate as: it must not be able to change the target database in any way, so that even
 * a statement slipping past the SQL guard could not write. Each problem comes with the SQL that removes it, for an
 * administrator to run. TEMP on the database is deliberately allowed: PUBLIC holds it by default on every database,
 * temporary objects are private to the session and vanish with it, and revoking it would mean revoking it from PUBLIC.
 */
public record ReaderVerdict(List<String> problems, List<String> fixes) {
    private static final int TABLES_NAMED = 5;

    public ReaderVerdict {
        problems = List.copyOf(problems);
        fixes = List.copyOf(fixes);
    }

    public static ReaderVerdict of(ReaderPrivileges p) {
        List<String> problems = new ArrayList<>();
        Set<String> fixes = new LinkedHashSet<>();
        String role = identifier(p.role());
        if (!p.attributes().isEmpty()) {
            List<ReaderPrivileges.Attribute> held =
                    p.attributes().stream().sorted().toList();
            problems.add("it has the role attributes "
                    + held.stream().map(Enum::name).collect(Collectors.joining(", ")));
            fixes.add("ALTER ROLE " + role + " "
                    + held.stream().map(ReaderPrivileges.Attribute::removal).collect(Collectors.joining(" ")) + ";");
        }
        for (String writer : p.writingRoles()) {
            problems.add("it is a member of " + writer + ", which can change the database");
            fixes.add("REVOKE " + identifier(writer) + " FROM " + role + ";");
        }
        if (!p.owned().isEmpty()) {
            problems.add("it owns " + String.join(", ", p.owned()));
            fixes.add("REASSIGN OWNED BY " + role + " TO <an administrator role>;");
        }
        addWrites(problems, fixes, p.own(), role, p.database(), "it");
        addWrites(problems, fixes, p.viaPublic(), "PUBLIC", p.database(), "PUBLIC (every role)");
        return new ReaderVerdict(problems, List.copyOf(fixes));
    }

    public boolean readOnly() {
        return problems.isEmpty();
    }

    /** One paragraph: who, what is wrong, and the SQL that fixes it. */
    public String explanation(String databaseId, String role) {
        return "the validation role " + role + " of database '" + databaseId + "' can change it: "
                + String.join("; ", problems)
                + ". Validation must run as a read-only role; as an administrator of that database run: "
                + String.join(" ", fixes);
    }

    private static void addWrites(
            List<String> problems,
            Set<String> fixes,
            ReaderPrivileges.Writes writes,
            String grantee,
            String database,
            String who) {
        if (!writes.tables().isEmpty()) {
            String named = writes.tables().stream()
                    .limit(TABLES_NAMED)
                    .map(TableName::toString)
                    .collect(Collectors.joining(", "));
            String more = writes.tables().size() > TABLES_NAMED ? ", ..." : "";
            problems.add(who + " may write (" + TABLE_WRITES + "; or column-level " + COLUMN_WRITES + ") "
                    + writes.tables().size() + " table(s): " + named + more);
            // A table-level REVOKE also revokes the column-level grants of the same privileges.
            writes.tables().stream()
                    .map(TableName::schema)
                    .distinct()
                    .forEach(schema -> fixes.add("REVOKE " + TABLE_WRITES + " ON ALL TABLES IN SCHEMA "
                            + identifier(schema) + " FROM " + grantee + ";"));
        }
        for (String schema : writes.creatableSchemas()) {
            problems.add(who + " may CREATE in schema " + schema);
            fixes.add("REVOKE CREATE ON SCHEMA " + identifier(schema) + " FROM " + grantee + ";");
        }
        if (writes.createOnDatabase()) {
            problems.add(who + " may CREATE schemas in database " + database);
            fixes.add("REVOKE CREATE ON DATABASE " + identifier(database) + " FROM " + grantee + ";");
        }
    }
}
