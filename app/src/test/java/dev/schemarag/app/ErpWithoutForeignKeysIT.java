package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.annotations.AnnotationsLoader;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.relationships.JoinEdges;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.Database;
import dev.schemarag.demo.DemoDatabase;
import dev.schemarag.ingest.postgres.PostgresIntrospector;
import dev.schemarag.retrieval.config.JoinHintFormat;
import dev.schemarag.retrieval.graph.ForeignKeyGraph;
import dev.schemarag.retrieval.packet.JoinHints;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo ERP database with every foreign key dropped, as PostgreSQL then holds it: the join graph built from its
 * catalog (inferred edges and the demo annotations) still gives every join its docs' Common Queries make as a join
 * hint between the tables the query joins.
 */
class ErpWithoutForeignKeysIT {
    private static final String DB = "erp_without_fks_it";
    private static final Pattern TABLE_AND_ALIAS =
            Pattern.compile("(?i)\\b(?:FROM|JOIN)\\s+([a-z_]+)\\s+(?:AS\\s+)?([a-z_]+)");
    private static final Pattern CONDITION = Pattern.compile("([a-z_]+)\\.([a-z_]+)\\s*=\\s*([a-z_]+)\\.([a-z_]+)");

    @Test
    void givenTheErpWithoutForeignKeys_whenJoinHintsAreWritten_thenEveryCommonQueryJoinIsAmongThem(@TempDir Path dir)
            throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(DB);
        Path extracted = DemoDatabase.extract(dir);
        Database target = new Database(
                stack.postgres().jdbcUrl(DB),
                stack.postgres().user(),
                stack.postgres().password());
        try (Connection c = target.open();
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
            s.execute(Files.readString(extracted.resolve("schema.sql"), StandardCharsets.UTF_8));
            s.execute("""
                    DO $$ DECLARE fk record; BEGIN
                      FOR fk IN SELECT conrelid::regclass AS tbl, conname FROM pg_constraint WHERE contype = 'f' LOOP
                        EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.tbl, fk.conname);
                      END LOOP;
                    END $$""");
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_constraint WHERE contype = 'f'")) {
                rs.next();
                assertThat(rs.getInt(1)).isZero();
            }
        }
        List<Table> tables = new PostgresIntrospector(target, List.of("public"))
                .introspect(DB, List.of("public"))
                .tables();
        assertThat(tables).hasSizeGreaterThan(50).allSatisfy(t -> assertThat(t.foreignKeys())
                .isEmpty());
        Annotations annotations = AnnotationsLoader.load(extracted.resolve("modules.json"));
        List<Table> annotated = tables.stream().map(annotations::annotated).toList();
        ForeignKeyGraph graph = ForeignKeyGraph.of(annotated, JoinEdges.of(annotated));

        List<Join> joins = commonQueryJoins(extracted.resolve("docs"));
        assertThat(joins).hasSizeGreaterThanOrEqualTo(20);
        List<String> missing = new ArrayList<>();
        for (Join join : joins) {
            List<TableName> joined =
                    join.left().equals(join.right()) ? List.of(join.left()) : List.of(join.left(), join.right());
            List<String> hints = JoinHints.of(joined, graph, JoinHintFormat.EDGES, SqlDialect.POSTGRESQL);
            boolean hinted = hints.stream()
                    .map(h -> h.replaceFirst(" \\(.*\\)$", ""))
                    .anyMatch(h -> h.equals(join.written()) || h.equals(join.reversed()));
            if (!hinted) missing.add(join.written() + " (hints: " + hints + ")");
        }
        assertThat(missing).as("Common Query joins without a join hint").isEmpty();
    }

    /** Every {@code a.x = b.y} between two aliased tables in the Common Queries of the docs. */
    private static List<Join> commonQueryJoins(Path docs) throws Exception {
        List<Join> joins = new ArrayList<>();
        try (Stream<Path> files = Files.list(docs)) {
            for (Path doc : files.sorted().toList()) {
                String markdown = Files.readString(doc, StandardCharsets.UTF_8);
                int section = markdown.indexOf("## Common Queries");
                if (section < 0) continue;
                Matcher block = Pattern.compile("(?s)```sql(.*?)```").matcher(markdown.substring(section));
                while (block.find()) {
                    String sql = block.group(1);
                    Map<String, String> aliases = new HashMap<>();
                    Matcher from = TABLE_AND_ALIAS.matcher(sql);
                    while (from.find()) aliases.put(from.group(2), from.group(1));
                    Matcher on = CONDITION.matcher(sql);
                    while (on.find()) {
                        String left = aliases.get(on.group(1));
                        String right = aliases.get(on.group(3));
                        if (left == null || right == null) continue; // not a join between two aliased tables
                        joins.add(new Join(
                                new TableName("public", left),
                                on.group(2),
                                new TableName("public", right),
                                on.group(4)));
                    }
                }
            }
        }
        return joins;
    }

    private record Join(TableName left, String leftColumn, TableName right, String rightColumn) {
        String written() {
            return left.table() + "." + leftColumn + " = " + right.table() + "." + rightColumn;
        }

        String reversed() {
            return right.table() + "." + rightColumn + " = " + left.table() + "." + leftColumn;
        }
    }
}
