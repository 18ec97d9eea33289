package dev.schemarag.demo;

import dev.schemarag.core.store.MySqlQuoting;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Translates the demo's PostgreSQL DDL ({@code schema.sql}) into MySQL/MariaDB DDL, so that one file stays the source
 * of truth for both dialects. It knows exactly the subset that file uses — {@code CREATE TABLE} with inline or
 * table-level keys and checks, {@code COMMENT ON TABLE|COLUMN}, a {@code DO} block that adds one foreign key, views —
 * and fails naming the statement on anything else, so that a new construct in the PostgreSQL file is noticed in its
 * test instead of loading a different schema. Comments move into the {@code CREATE TABLE} ({@code COMMENT '…'});
 * inline {@code REFERENCES} become table-level {@code FOREIGN KEY}s (MySQL ignores the inline form). Views are left
 * out: their expressions are PostgreSQL's.
 */
public final class MySqlSchemaTranslation {
    private static final Pattern CREATE_TABLE = Pattern.compile("(?is)CREATE TABLE IF NOT EXISTS (\\w+) \\((.*)\\)");
    private static final Pattern COMMENT_ON_TABLE = Pattern.compile("(?is)COMMENT ON TABLE (\\w+) IS ('.*')");
    private static final Pattern COMMENT_ON_COLUMN =
            Pattern.compile("(?is)COMMENT ON COLUMN (\\w+)\\.(\\w+) IS ('.*')");
    private static final Pattern COMMENT_ON_VIEW = Pattern.compile("(?is)COMMENT ON VIEW \\w+ IS '.*'");
    private static final Pattern VIEW = Pattern.compile("(?is)CREATE OR REPLACE VIEW (\\w+) AS .*");
    private static final Pattern GUARDED_ALTER = Pattern.compile(
            "(?is)DO \\$\\$ BEGIN IF NOT EXISTS \\(SELECT 1 FROM pg_constraint WHERE conname = '\\w+'\\) THEN"
                    + " (ALTER TABLE \\w+ ADD CONSTRAINT \\w+ FOREIGN KEY \\(\\w+(?:, \\w+)*\\)"
                    + " REFERENCES \\w+ \\(\\w+(?:, \\w+)*\\)); END IF; END \\$\\$");
    private static final Pattern COLUMN = Pattern.compile("(?is)(\\w+) (.+)");
    private static final Pattern INLINE_REFERENCES = Pattern.compile(
            "(?i) REFERENCES (\\w+) \\((\\w+)\\)((?: ON (?:DELETE|UPDATE) (?:CASCADE|SET NULL|RESTRICT|NO ACTION))*)");
    private static final Pattern INLINE_CHECK = Pattern.compile("(?i) CHECK ?\\(");
    private static final Pattern TABLE_CONSTRAINT =
            Pattern.compile("(?i)(PRIMARY KEY|UNIQUE|CHECK|FOREIGN KEY|CONSTRAINT)\\b.*");
    /** PostgreSQL column types and defaults with their MySQL spelling; anything PostgreSQL-only left over fails. */
    private static final Map<Pattern, String> REWRITES = rewrites();

    private static final Pattern POSTGRES_ONLY = Pattern.compile(
            "(?i)::|\\bGENERATED\\b|\\bIDENTITY\\b|\\bserial\\b|\\bjsonb\\b|\\btimestamptz\\b|\\bnow\\(\\)|\\[\\]"
                    + "|\\bARRAY\\b|\\bREFERENCES\\b|\\bDEFERRABLE\\b|\\bINTERVAL\\b|\\bbytea\\b|\\buuid\\b");

    private MySqlSchemaTranslation() {}

    /** The MySQL statements, without their terminating semicolons, in the order they must run. */
    public static List<String> translate(String postgresDdl) {
        Map<String, TableDraft> tables = new LinkedHashMap<>();
        List<String> afterTables = new ArrayList<>();
        Set<String> views = new HashSet<>(); // whose column comments have nowhere to go in MySQL
        for (String statement : SqlScript.statements(postgresDdl)) {
            Matcher m;
            if ((m = CREATE_TABLE.matcher(statement)).matches()) {
                tables.put(m.group(1), TableDraft.parse(m.group(1), m.group(2), statement));
            } else if ((m = COMMENT_ON_TABLE.matcher(statement)).matches()) {
                table(tables, m.group(1), statement).comment = SqlScript.unquote(m.group(2));
            } else if ((m = COMMENT_ON_COLUMN.matcher(statement)).matches()) {
                if (!views.contains(m.group(1))) {
                    table(tables, m.group(1), statement).column(m.group(2), statement).comment =
                            SqlScript.unquote(m.group(3));
                }
            } else if ((m = GUARDED_ALTER.matcher(statement)).matches()) {
                afterTables.add(m.group(1));
            } else if ((m = VIEW.matcher(statement)).matches()) {
                views.add(m.group(1));
            } else if (!COMMENT_ON_VIEW.matcher(statement).matches()) {
                throw unsupported(statement);
            }
        }
        List<String> mysql = new ArrayList<>();
        tables.values().forEach(t -> mysql.add(t.render()));
        mysql.addAll(afterTables);
        return mysql;
    }

    /** The tables {@link #translate} creates, in order. */
    public static List<String> tableNames(String postgresDdl) {
        List<String> names = new ArrayList<>();
        for (String statement : SqlScript.statements(postgresDdl)) {
            Matcher m = CREATE_TABLE.matcher(statement);
            if (m.matches()) names.add(m.group(1));
        }
        return names;
    }

    private static TableDraft table(Map<String, TableDraft> tables, String name, String statement) {
        TableDraft table = tables.get(name);
        if (table == null) throw new IllegalArgumentException("comment on an unknown table: " + statement);
        return table;
    }

    private static IllegalArgumentException unsupported(String statement) {
        return new IllegalArgumentException("no MySQL translation for: "
                + (statement.length() > 200 ? statement.substring(0, 200) + "…" : statement));
    }

    /** The text with each literal's content blanked out, same length, so that matches in it index the original. */
    private static String maskLiterals(String sql) {
        Matcher literal = Pattern.compile("'(?:[^']|'')*'").matcher(sql);
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
        rewrites.put(Pattern.compile("(?i)^timestamptz\\b"), "timestamp");
        rewrites.put(Pattern.compile("(?i)^jsonb\\b"), "json");
        rewrites.put(Pattern.compile("(?i)\\bDEFAULT now\\(\\)"), "DEFAULT CURRENT_TIMESTAMP");
        rewrites.put(Pattern.compile("(?i)\\bDEFAULT current_date\\b"), "DEFAULT (CURRENT_DATE)");
        return rewrites;
    }

    /** A table's columns and constraints, filled in by its CREATE TABLE and then its COMMENT statements. */
    private static final class TableDraft {
        final String name;
        final Map<String, ColumnDraft> columns = new LinkedHashMap<>();
        final List<String> constraints = new ArrayList<>();
        String comment;

        TableDraft(String name) {
            this.name = name;
        }

        static TableDraft parse(String name, String body, String statement) {
            TableDraft table = new TableDraft(name);
            for (String item : SqlScript.splitTopLevel(body, ',')) {
                if (TABLE_CONSTRAINT.matcher(item).matches()) {
                    table.constraints.add(checked(item, statement));
                    continue;
                }
                Matcher column = COLUMN.matcher(item);
                if (!column.matches()) throw unsupported(statement);
                String definition = column.group(2);
                Matcher references = INLINE_REFERENCES.matcher(definition);
                if (references.find()) {
                    table.constraints.add("FOREIGN KEY (" + column.group(1) + ") REFERENCES " + references.group(1)
                            + " (" + references.group(2) + ")" + references.group(3));
                    definition = references.replaceFirst("");
                }
                for (Map.Entry<Pattern, String> rewrite : REWRITES.entrySet())
                    definition = rewrite.getKey().matcher(definition).replaceAll(rewrite.getValue());
                table.columns.put(column.group(1), new ColumnDraft(column.group(1), checked(definition, statement)));
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
            columns.values().forEach(c -> items.add(c.render()));
            items.addAll(constraints);
            return "CREATE TABLE " + MySqlQuoting.identifier(name) + " (\n    " + String.join(",\n    ", items)
                    + "\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"
                    + (comment == null ? "" : " COMMENT=" + MySqlQuoting.literal(comment));
        }

        /** Fails on a PostgreSQL-only construct that no rewrite turned into MySQL. */
        private static String checked(String definition, String statement) {
            String outsideStrings = maskLiterals(definition);
            if (POSTGRES_ONLY.matcher(outsideStrings).find() && !outsideStrings.matches("(?is)FOREIGN KEY .*")) {
                throw unsupported(statement);
            }
            return definition;
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

        /** MySQL takes a column's COMMENT before its CHECK, not after. */
        String render() {
            if (comment == null) return MySqlQuoting.identifier(name) + " " + definition;
            Matcher check = INLINE_CHECK.matcher(maskLiterals(definition));
            int at = check.find() ? check.start() : definition.length();
            return MySqlQuoting.identifier(name) + " " + definition.substring(0, at) + " COMMENT "
                    + MySqlQuoting.literal(comment) + definition.substring(at);
        }
    }
}
