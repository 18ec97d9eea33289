package dev.schemarag.demo;

import dev.schemarag.core.store.MySqlQuoting;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Translates PostgreSQL DDL into MySQL/MariaDB DDL, so that one file stays the source of truth for both dialects: the
 * demo's {@code schema.sql} and the shared benchmark suites' {@code schema/*.sql}. It knows exactly the subset those
 * files use — {@code CREATE SCHEMA}, {@code CREATE TABLE} with inline or table-level keys and checks,
 * {@code COMMENT ON TABLE|COLUMN}, {@code ALTER TABLE … ADD FOREIGN KEY} (bare or in a {@code DO} block), views — and
 * fails naming the statement on anything else, so that a new construct is noticed in its test instead of loading a
 * different schema.
 * <p>
 * The rules are general, none keyed to a file: a schema becomes a database (MySQL has no level between them); names
 * keep PostgreSQL's folding (unquoted ones lower-cased, {@code "quoted"} ones as written) and are backtick-quoted;
 * comments move into the {@code CREATE TABLE} ({@code COMMENT '…'}); inline {@code REFERENCES} become table-level
 * {@code FOREIGN KEY}s (MySQL ignores the inline form); {@code timestamp} (without time zone) becomes
 * {@code datetime(6)}, {@code timestamptz} MySQL's {@code timestamp}; a {@code text} column in a key becomes a
 * {@code varchar} short enough for InnoDB's 3072-byte index limit (MySQL cannot index {@code text} whole). Views are
 * left out: their expressions are PostgreSQL's.
 */
public final class MySqlSchemaTranslation {
    /** A name as PostgreSQL writes it: plain, or double-quoted with {@code ""} inside. */
    private static final String IDENT = "(?:[A-Za-z_][A-Za-z0-9_$]*|\"(?:[^\"]|\"\")+\")";

    private static final String QUALIFIED = IDENT + "(?:\\." + IDENT + ")?";
    private static final String IDENT_LIST = IDENT + "(?: ?, ?" + IDENT + ")*";
    private static final String ACTIONS =
            "((?: ON (?:DELETE|UPDATE) (?:CASCADE|SET NULL|SET DEFAULT|RESTRICT|NO ACTION))*)";
    private static final Pattern IDENTIFIER = Pattern.compile(IDENT);
    private static final Pattern CREATE_SCHEMA =
            Pattern.compile("(?is)CREATE SCHEMA (?:IF NOT EXISTS )?(" + IDENT + ")");
    private static final Pattern CREATE_TABLE =
            Pattern.compile("(?is)CREATE TABLE (?:IF NOT EXISTS )?(" + QUALIFIED + ") ?\\((.*)\\)");
    private static final Pattern COMMENT_ON_TABLE =
            Pattern.compile("(?is)COMMENT ON TABLE (" + QUALIFIED + ") IS ('.*')");
    private static final Pattern COMMENT_ON_COLUMN =
            Pattern.compile("(?is)COMMENT ON COLUMN (" + QUALIFIED + ")\\.(" + IDENT + ") IS ('.*')");
    private static final Pattern COMMENT_ON_VIEW = Pattern.compile("(?is)COMMENT ON VIEW " + QUALIFIED + " IS '.*'");
    private static final Pattern VIEW = Pattern.compile("(?is)CREATE OR REPLACE VIEW (" + QUALIFIED + ") AS .*");
    private static final Pattern GUARDED_ALTER = Pattern.compile(
            "(?is)DO \\$\\$ BEGIN IF NOT EXISTS \\(SELECT 1 FROM pg_constraint WHERE conname = '\\w+'\\) THEN"
                    + " (ALTER TABLE .*); END IF; END \\$\\$");
    private static final Pattern ADD_CONSTRAINT =
            Pattern.compile("(?is)ALTER TABLE (?:ONLY )?(" + QUALIFIED + ") ADD (.*)");
    private static final Pattern COLUMN = Pattern.compile("(?is)(" + IDENT + ") (.+)");
    private static final Pattern CONSTRAINT_NAME = Pattern.compile("(?is)CONSTRAINT (" + IDENT + ") (.*)");
    private static final Pattern PRIMARY_KEY = Pattern.compile("(?is)PRIMARY KEY ?\\((" + IDENT_LIST + ")\\)");
    private static final Pattern UNIQUE = Pattern.compile("(?is)UNIQUE ?\\((" + IDENT_LIST + ")\\)");
    private static final Pattern FOREIGN_KEY = Pattern.compile("(?is)FOREIGN KEY ?\\((" + IDENT_LIST
            + ")\\) REFERENCES (" + QUALIFIED + ") ?\\((" + IDENT_LIST + ")\\)" + ACTIONS);
    private static final Pattern CHECK = Pattern.compile("(?is)CHECK ?\\(.*");
    private static final Pattern INLINE_REFERENCES =
            Pattern.compile("(?i) REFERENCES (" + QUALIFIED + ") ?\\((" + IDENT + ")\\)" + ACTIONS);
    private static final Pattern INLINE_KEY = Pattern.compile("(?i)\\b(?:PRIMARY KEY|UNIQUE)\\b");
    private static final Pattern INLINE_CHECK = Pattern.compile("(?i) CHECK ?\\(");
    private static final Pattern TABLE_CONSTRAINT =
            Pattern.compile("(?i)(PRIMARY KEY|UNIQUE|CHECK|FOREIGN KEY|CONSTRAINT)\\b.*");
    private static final Pattern TEXT_TYPE = Pattern.compile("(?i)^text\\b");
    private static final Pattern QUOTED_NAME = Pattern.compile("\"((?:[^\"]|\"\")+)\"");
    /** InnoDB's index limit in bytes over utf8mb4's four bytes a character: the characters one key may hold. */
    private static final int KEY_CHARACTERS = 3072 / 4;
    /** The longest varchar a text key column becomes, when its key leaves room for more. */
    private static final int KEY_VARCHAR_MAX = 255;
    /** PostgreSQL column types and defaults with their MySQL spelling; anything PostgreSQL-only left over fails. */
    private static final Map<Pattern, String> REWRITES = rewrites();

    private static final Pattern POSTGRES_ONLY = Pattern.compile(
            "(?i)::|\\bGENERATED\\b|\\bIDENTITY\\b|\\bserial\\b|\\bjsonb\\b|\\btimestamptz\\b|\\bnow\\(\\)|\\[\\]"
                    + "|\\bARRAY\\b|\\bREFERENCES\\b|\\bDEFERRABLE\\b|\\bINTERVAL\\b|\\bbytea\\b|\\buuid\\b"
                    + "|\\bwith(?:out)? time zone\\b");

    private MySqlSchemaTranslation() {}

    /** The MySQL statements, without their terminating semicolons, in the order they must run. */
    public static List<String> translate(String postgresDdl) {
        List<String> databases = new ArrayList<>();
        Map<Name, TableDraft> tables = new LinkedHashMap<>();
        List<String> afterTables = new ArrayList<>();
        Set<Name> views = new HashSet<>(); // whose column comments have nowhere to go in MySQL
        for (String statement : SqlScript.statements(postgresDdl)) {
            Matcher m;
            if ((m = CREATE_SCHEMA.matcher(statement)).matches()) {
                databases.add("CREATE DATABASE IF NOT EXISTS " + MySqlQuoting.identifier(name(m.group(1)))
                        + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
            } else if ((m = CREATE_TABLE.matcher(statement)).matches()) {
                Name name = Name.parse(m.group(1));
                tables.put(name, TableDraft.parse(name, m.group(2), statement));
            } else if ((m = COMMENT_ON_TABLE.matcher(statement)).matches()) {
                table(tables, Name.parse(m.group(1)), statement).comment = SqlScript.unquote(m.group(2));
            } else if ((m = COMMENT_ON_COLUMN.matcher(statement)).matches()) {
                Name table = Name.parse(m.group(1));
                if (!views.contains(table)) {
                    table(tables, table, statement).column(name(m.group(2)), statement).comment =
                            SqlScript.unquote(m.group(3));
                }
            } else if ((m = GUARDED_ALTER.matcher(statement)).matches()) {
                afterTables.add(addForeignKey(tables, m.group(1), statement));
            } else if (ADD_CONSTRAINT.matcher(statement).matches()) {
                afterTables.add(addForeignKey(tables, statement, statement));
            } else if ((m = VIEW.matcher(statement)).matches()) {
                views.add(Name.parse(m.group(1)));
            } else if (!COMMENT_ON_VIEW.matcher(statement).matches()) {
                throw unsupported(statement);
            }
        }
        List<String> mysql = new ArrayList<>(databases);
        tables.values().forEach(t -> mysql.add(t.render()));
        mysql.addAll(afterTables);
        return mysql;
    }

    /** The tables {@link #translate} creates, in order, each as PostgreSQL names it (schema-qualified or not). */
    public static List<String> tableNames(String postgresDdl) {
        List<String> names = new ArrayList<>();
        for (String statement : SqlScript.statements(postgresDdl)) {
            Matcher m = CREATE_TABLE.matcher(statement);
            if (m.matches()) names.add(Name.parse(m.group(1)).toString());
        }
        return names;
    }

    /** An {@code ALTER TABLE … ADD [CONSTRAINT n] FOREIGN KEY}, its key columns noted on its table. */
    private static String addForeignKey(Map<Name, TableDraft> tables, String alter, String statement) {
        Matcher m = ADD_CONSTRAINT.matcher(alter);
        if (!m.matches()) throw unsupported(statement);
        Name name = Name.parse(m.group(1));
        Constraint constraint = Constraint.parse(m.group(2), statement);
        if (!constraint.isForeignKey()) throw unsupported(statement);
        table(tables, name, statement).keys.add(constraint.columns());
        return "ALTER TABLE " + name.renderIfNeeded() + " ADD " + constraint.sql();
    }

    private static TableDraft table(Map<Name, TableDraft> tables, Name name, String statement) {
        TableDraft table = tables.get(name);
        if (table == null) throw new IllegalArgumentException("unknown table in: " + statement);
        return table;
    }

    private static IllegalArgumentException unsupported(String statement) {
        return new IllegalArgumentException("no MySQL translation for: "
                + (statement.length() > 200 ? statement.substring(0, 200) + "…" : statement));
    }

    /** A name as PostgreSQL resolves it: a quoted one as written, an unquoted one lower-cased. */
    private static String name(String identifier) {
        return identifier.startsWith("\"")
                ? identifier.substring(1, identifier.length() - 1).replace("\"\"", "\"")
                : identifier.toLowerCase(Locale.ROOT);
    }

    private static List<String> names(String identifierList) {
        List<String> names = new ArrayList<>();
        Matcher m = IDENTIFIER.matcher(identifierList);
        while (m.find()) names.add(name(m.group()));
        return names;
    }

    private static String renderIfNeeded(List<String> names) {
        return String.join(
                ", ", names.stream().map(MySqlQuoting::identifierIfNeeded).toList());
    }

    /** {@code "quoted"} names outside string literals as MySQL's backtick-quoted ones. */
    private static String backquoted(String sql) {
        String masked = maskLiterals(sql);
        Matcher quoted = QUOTED_NAME.matcher(masked);
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (quoted.find()) {
            out.append(sql, at, quoted.start()).append(MySqlQuoting.identifier(name(quoted.group())));
            at = quoted.end();
        }
        return out.append(sql.substring(at)).toString();
    }

    /**
     * The text with each literal's and quoted name's content blanked out, same length, so that matches in it index
     * the original.
     */
    private static String maskLiterals(String sql) {
        Matcher literal = Pattern.compile("'(?:[^']|'')*'|`(?:[^`]|``)*`").matcher(sql);
        StringBuilder masked = new StringBuilder(sql);
        while (literal.find()) for (int i = literal.start() + 1; i < literal.end() - 1; i++) masked.setCharAt(i, ' ');
        return masked.toString();
    }

    private static Map<Pattern, String> rewrites() {
        Map<Pattern, String> rewrites = new LinkedHashMap<>();
        rewrites.put(
                Pattern.compile("(?i)^(bigint|integer|smallint) GENERATED BY DEFAULT AS IDENTITY\\b"),
                "$1 AUTO_INCREMENT");
        rewrites.put(Pattern.compile("(?i)^bigserial\\b"), "bigint AUTO_INCREMENT");
        rewrites.put(Pattern.compile("(?i)^serial\\b"), "integer AUTO_INCREMENT");
        // First, so that the timestamp the next two rules write is left alone.
        rewrites.put(Pattern.compile("(?i)^timestamp(?: without time zone)?(?! with time zone)\\b"), "datetime(6)");
        rewrites.put(Pattern.compile("(?i)^timestamp with time zone\\b"), "timestamp");
        rewrites.put(Pattern.compile("(?i)^timestamptz\\b"), "timestamp");
        rewrites.put(Pattern.compile("(?i)^jsonb\\b"), "json");
        rewrites.put(Pattern.compile("(?i)\\bDEFAULT now\\(\\)"), "DEFAULT CURRENT_TIMESTAMP");
        rewrites.put(Pattern.compile("(?i)\\bDEFAULT current_date\\b"), "DEFAULT (CURRENT_DATE)");
        return rewrites;
    }

    /** A table's name, in a schema (a MySQL database) or not. */
    private record Name(String schema, String table) {
        static Name parse(String qualified) {
            List<String> parts = names(qualified);
            return parts.size() == 1 ? new Name(null, parts.get(0)) : new Name(parts.get(0), parts.get(1));
        }

        String render() {
            return (schema == null ? "" : MySqlQuoting.identifier(schema) + ".") + MySqlQuoting.identifier(table);
        }

        String renderIfNeeded() {
            return (schema == null ? "" : MySqlQuoting.identifierIfNeeded(schema) + ".")
                    + MySqlQuoting.identifierIfNeeded(table);
        }

        @Override
        public String toString() {
            return schema == null ? table : schema + "." + table;
        }
    }

    /** A table-level constraint in MySQL's spelling, and the columns it keys (none for a CHECK). */
    private record Constraint(String sql, List<String> columns, boolean isForeignKey) {
        static Constraint parse(String item, String statement) {
            Matcher m = CONSTRAINT_NAME.matcher(item);
            String prefix = "";
            if (m.matches()) {
                prefix = "CONSTRAINT " + MySqlQuoting.identifierIfNeeded(name(m.group(1))) + " ";
                item = m.group(2);
            }
            if ((m = PRIMARY_KEY.matcher(item)).matches())
                return new Constraint(
                        prefix + "PRIMARY KEY (" + renderIfNeeded(names(m.group(1))) + ")", names(m.group(1)), false);
            if ((m = UNIQUE.matcher(item)).matches())
                return new Constraint(
                        prefix + "UNIQUE (" + renderIfNeeded(names(m.group(1))) + ")", names(m.group(1)), false);
            if ((m = FOREIGN_KEY.matcher(item)).matches())
                return foreignKey(prefix, names(m.group(1)), Name.parse(m.group(2)), names(m.group(3)), m.group(4));
            if (CHECK.matcher(item).matches())
                return new Constraint(prefix + checked(item, statement), List.of(), false);
            throw unsupported(statement);
        }

        static Constraint foreignKey(
                String prefix, List<String> columns, Name parent, List<String> parentColumns, String actions) {
            return new Constraint(
                    prefix + "FOREIGN KEY (" + renderIfNeeded(columns) + ") REFERENCES " + parent.renderIfNeeded()
                            + " (" + renderIfNeeded(parentColumns) + ")" + actions.toUpperCase(Locale.ROOT),
                    columns,
                    true);
        }
    }

    /** Fails on a PostgreSQL-only construct that no rewrite turned into MySQL; quotes names MySQL's way. */
    private static String checked(String definition, String statement) {
        String mysql = backquoted(definition);
        if (POSTGRES_ONLY.matcher(maskLiterals(mysql)).find()) throw unsupported(statement);
        return mysql;
    }

    /** A table's columns and constraints, filled in by its CREATE TABLE and then its COMMENT and ALTER statements. */
    private static final class TableDraft {
        final Name name;
        final Map<String, ColumnDraft> columns = new LinkedHashMap<>();
        final List<String> constraints = new ArrayList<>();
        /** The column lists of its keys (primary, unique, foreign): a text column in one must become a varchar. */
        final List<List<String>> keys = new ArrayList<>();

        String comment;

        TableDraft(Name name) {
            this.name = name;
        }

        static TableDraft parse(Name name, String body, String statement) {
            TableDraft table = new TableDraft(name);
            for (String item : SqlScript.splitTopLevel(body, ',')) {
                if (TABLE_CONSTRAINT.matcher(item).matches()) {
                    Constraint constraint = Constraint.parse(item, statement);
                    table.constraints.add(constraint.sql());
                    if (!constraint.columns().isEmpty()) table.keys.add(constraint.columns());
                    continue;
                }
                Matcher column = COLUMN.matcher(item);
                if (!column.matches()) throw unsupported(statement);
                String columnName = name(column.group(1));
                String definition = column.group(2);
                Matcher references = INLINE_REFERENCES.matcher(definition);
                if (references.find()) {
                    Constraint fk = Constraint.foreignKey(
                            "",
                            List.of(columnName),
                            Name.parse(references.group(1)),
                            List.of(name(references.group(2))),
                            references.group(3));
                    table.constraints.add(fk.sql());
                    table.keys.add(fk.columns());
                    definition = references.replaceFirst("");
                }
                if (INLINE_KEY.matcher(maskLiterals(definition)).find()) table.keys.add(List.of(columnName));
                for (Map.Entry<Pattern, String> rewrite : REWRITES.entrySet())
                    definition = rewrite.getKey().matcher(definition).replaceAll(rewrite.getValue());
                table.columns.put(columnName, new ColumnDraft(columnName, checked(definition, statement)));
            }
            return table;
        }

        ColumnDraft column(String columnName, String statement) {
            ColumnDraft column = columns.get(columnName);
            if (column == null) throw new IllegalArgumentException("comment on an unknown column: " + statement);
            return column;
        }

        String render() {
            List<String> items = new ArrayList<>();
            columns.values().forEach(c -> items.add(c.render(keyVarcharLength(c))));
            items.addAll(constraints);
            return "CREATE TABLE " + name.render() + " (\n    " + String.join(",\n    ", items)
                    + "\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"
                    + (comment == null ? "" : " COMMENT=" + MySqlQuoting.literal(comment));
        }

        /**
         * The varchar length a text column in a key takes: the index limit shared among the text columns of its
         * widest key; 0 for a column in no key, or not text.
         */
        private int keyVarcharLength(ColumnDraft column) {
            if (!column.isText()) return 0;
            int widest = 0;
            for (List<String> key : keys) {
                if (!key.contains(column.name)) continue;
                int textColumns = (int) key.stream()
                        .map(columns::get)
                        .filter(c -> c != null && c.isText())
                        .count();
                widest = Math.max(widest, textColumns);
            }
            return widest == 0 ? 0 : Math.min(KEY_VARCHAR_MAX, KEY_CHARACTERS / widest);
        }
    }

    private static final class ColumnDraft {
        final String name;
        final String definition;
        String comment;

        ColumnDraft(String name, String definition) {
            this.name = name;
            this.definition = definition;
        }

        boolean isText() {
            return TEXT_TYPE.matcher(definition).find();
        }

        /**
         * MySQL takes a column's COMMENT before its CHECK, not after.
         *
         * @param varcharLength the length of the varchar that replaces its text type, 0 to keep it
         */
        String render(int varcharLength) {
            String typed = varcharLength == 0
                    ? definition
                    : TEXT_TYPE.matcher(definition).replaceFirst("varchar(" + varcharLength + ")");
            if (comment == null) return MySqlQuoting.identifier(name) + " " + typed;
            Matcher check = INLINE_CHECK.matcher(maskLiterals(typed));
            int at = check.find() ? check.start() : typed.length();
            return MySqlQuoting.identifier(name) + " " + typed.substring(0, at) + " COMMENT "
                    + MySqlQuoting.literal(comment) + typed.substring(at);
        }
    }
}
