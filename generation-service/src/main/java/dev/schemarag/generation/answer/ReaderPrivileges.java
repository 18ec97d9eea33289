package dev.schemarag.generation.answer;

import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Set;

/**
 * What the role validation connects as may do on one target database, as the catalog reports it; {@link ReaderVerdict}
 * judges it. Tables are views included, in every schema but the system ones: a write anywhere in the database is a write.
 *
 * @param role          the role's name
 * @param database      the database's name
 * @param attributes    the role attributes it holds among those that reach past reading
 * @param own           what the role itself may change: directly, through PUBLIC or through roles it inherits from
 * @param viaPublic     what every role may change, because it is granted to PUBLIC (a REVOKE from the role cannot fix it)
 * @param owned         objects the role owns (an owner can alter, drop and re-grant whatever was revoked): "table s.t",
 *                      "schema s", "database d"
 * @param writingRoles  roles it is a member of (so it can SET ROLE to them) that can change the database
 */
public record ReaderPrivileges(
        String role,
        String database,
        Set<Attribute> attributes,
        Writes own,
        Writes viaPublic,
        List<String> owned,
        List<String> writingRoles) {
    /** The table privileges that change a table; revoking them at table level revokes them on every column too. */
    public static final String TABLE_WRITES = "INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER";
    /** The privileges that can be granted on single columns and change them. */
    public static final String COLUMN_WRITES = "INSERT, UPDATE";

    public ReaderPrivileges {
        attributes = Set.copyOf(attributes);
        owned = List.copyOf(owned);
        writingRoles = List.copyOf(writingRoles);
    }

    /** Role attributes a read-only role must not hold, with the keyword that removes each. */
    public enum Attribute {
        SUPERUSER("NOSUPERUSER"),
        CREATEROLE("NOCREATEROLE"),
        CREATEDB("NOCREATEDB"),
        REPLICATION("NOREPLICATION"),
        BYPASSRLS("NOBYPASSRLS");

        private final String removal;

        Attribute(String removal) {
            this.removal = removal;
        }

        public String removal() {
            return removal;
        }
    }

    /**
     * @param tables            tables it may INSERT, UPDATE, DELETE, TRUNCATE or put a TRIGGER on, or INSERT or UPDATE
     *                          some of whose columns
     * @param creatableSchemas  schemas it may CREATE objects in
     * @param createOnDatabase  whether it may CREATE schemas in the database
     */
    public record Writes(List<TableName> tables, List<String> creatableSchemas, boolean createOnDatabase) {
        public static final Writes NONE = new Writes(List.of(), List.of(), false);

        public Writes {
            tables = List.copyOf(tables);
            creatableSchemas = List.copyOf(creatableSchemas);
        }
    }
}
