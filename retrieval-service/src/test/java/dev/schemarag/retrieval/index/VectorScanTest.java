package dev.schemarag.retrieval.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class VectorScanTest {
    private static final float[] QUERY = {1, 0, 0};

    @Test
    void givenVectors_whenSearched_thenTheKMostSimilarComeBestFirst() {
        VectorScan<TableName> scan = scan(
                table("public.far", 0, 1, 0),
                table("public.near", 1, 0.1f, 0),
                table("public.exact", 2, 0, 0),
                table("public.middle", 1, 1, 0));

        List<TableHit> hits = scan.top(QUERY, Set.of(), 3, TableHit::new);

        assertThat(hits)
                .extracting(h -> h.table().toString())
                .containsExactly("public.exact", "public.near", "public.middle");
        assertThat(hits.get(0).similarity()).isCloseTo(1.0, within(1e-6));
        assertThat(hits.get(2).similarity()).isCloseTo(Math.sqrt(0.5), within(1e-6));
    }

    @Test
    void givenASchemaFilter_whenSearched_thenOnlyThoseSchemasAnswerAndAnEmptyFilterMeansAll() {
        VectorScan<TableName> scan = scan(
                table("sales.orders", 1, 0, 0),
                table("hr.employees", 1, 0.2f, 0),
                table("crm.customers", 1, 0.4f, 0),
                table("hr.departments", 1, 0.6f, 0));

        assertThat(scan.top(QUERY, Set.of("hr"), 10, TableHit::new))
                .extracting(h -> h.table().toString())
                .containsExactly("hr.employees", "hr.departments");
        assertThat(scan.top(QUERY, Set.of("hr", "crm"), 2, TableHit::new))
                .extracting(h -> h.table().toString())
                .containsExactly("hr.employees", "crm.customers");
        assertThat(scan.top(QUERY, Set.of("nowhere"), 10, TableHit::new)).isEmpty();
        assertThat(scan.top(QUERY, Set.of(), 10, TableHit::new)).hasSize(4);
    }

    @Test
    void givenKLargerThanTheSet_whenSearched_thenEveryRowComesSorted() {
        VectorScan<TableName> scan =
                scan(table("public.b", 0, 1, 0), table("public.a", 1, 0, 0), table("public.c", -1, 0, 0));

        assertThat(scan.top(QUERY, Set.of(), 50, TableHit::new))
                .extracting(h -> h.table().toString())
                .containsExactly("public.a", "public.b", "public.c");
        assertThat(scan.top(QUERY, Set.of(), 0, TableHit::new)).isEmpty();
    }

    @Test
    void givenEqualSimilarities_whenSearched_thenTheRowLoadedFirstRanksFirstAlsoAtTheCut() {
        VectorScan<TableName> scan = scan(
                table("public.tie_1", 1, 1, 0),
                table("public.best", 1, 0, 0),
                table("public.tie_2", 2, 2, 0),
                table("public.tie_3", 4, 4, 0));

        assertThat(scan.top(QUERY, Set.of(), 4, TableHit::new))
                .extracting(h -> h.table().toString())
                .containsExactly("public.best", "public.tie_1", "public.tie_2", "public.tie_3");
        assertThat(scan.top(QUERY, Set.of(), 2, TableHit::new))
                .extracting(h -> h.table().toString())
                .containsExactly("public.best", "public.tie_1");
    }

    @Test
    void givenRandomVectors_whenSearched_thenTheResultIsTheBruteForceCosineRanking() {
        Random random = new Random(7);
        List<Embedded<TableName>> rows = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            rows.add(new Embedded<>(new TableName(i % 3 == 0 ? "hr" : "sales", "t" + i), randomVector(random, 384)));
        }
        VectorScan<TableName> scan = VectorScan.of(rows, TableName::schema);

        for (int q = 0; q < 5; q++) {
            float[] query = randomVector(random, 384);
            List<TableHit> expected = rows.stream()
                    .filter(r -> r.entity().schema().equals("sales"))
                    .map(r -> new TableHit(r.entity(), cosine(query, r.vector())))
                    .sorted(Comparator.comparingDouble(TableHit::similarity).reversed())
                    .limit(25)
                    .toList();

            List<TableHit> hits = scan.top(query, Set.of("sales"), 25, TableHit::new);

            assertThat(hits)
                    .extracting(TableHit::table)
                    .containsExactlyElementsOf(
                            expected.stream().map(TableHit::table).toList());
            for (int i = 0; i < hits.size(); i++)
                assertThat(hits.get(i).similarity()).isCloseTo(expected.get(i).similarity(), within(1e-5));
        }
    }

    @Test
    void givenChangedTables_whenTheNextScanKeepsTheOthersRows_thenEverySearchMatchesAScanBuiltFromScratch() {
        Random random = new Random(11);
        List<Embedded<TableName>> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++)
            rows.add(new Embedded<>(
                    new TableName(i % 3 == 0 ? "hr" : "sales", "t" + (1000 + i)), randomVector(random, 64)));
        VectorScan<TableName> scan = VectorScan.of(rows, TableName::schema);

        for (int change = 0; change < 20; change++) {
            // As a catalog change: some tables dropped, some re-embedded, a new schema's table added, the rest kept.
            List<Embedded<TableName>> next = new ArrayList<>();
            List<Embedded<TableName>> replacing = new ArrayList<>();
            Set<TableName> changed = new HashSet<>();
            for (Embedded<TableName> row : rows) {
                int fate = random.nextInt(20);
                if (fate == 0) {
                    changed.add(row.entity());
                    continue;
                }
                Embedded<TableName> kept = row;
                if (fate == 1) {
                    kept = new Embedded<>(row.entity(), randomVector(random, 64));
                    changed.add(row.entity());
                    replacing.add(kept);
                }
                next.add(kept);
            }
            Embedded<TableName> added =
                    new Embedded<>(new TableName("crm", "t" + (1000 + random.nextInt(9000))), randomVector(random, 64));
            if (changed.add(added.entity())) {
                next.add(added);
                replacing.add(added);
            }
            next.sort(Comparator.comparing(Embedded::entity));
            replacing.sort(Comparator.comparing(Embedded::entity));

            VectorScan<TableName> reused =
                    scan.withChanges(replacing, changed, t -> t, DatabaseVectors.TABLE_ORDER, TableName::schema);
            VectorScan<TableName> fresh = VectorScan.of(next, TableName::schema);

            assertThat(reused.size()).isEqualTo(next.size());
            for (Set<String> schemas : List.of(Set.<String>of(), Set.of("hr"), Set.of("crm", "sales"))) {
                float[] query = randomVector(random, 64);
                assertThat(reused.top(query, schemas, 400, TableHit::new))
                        .isEqualTo(fresh.top(query, schemas, 400, TableHit::new));
            }
            rows = next;
            scan = reused;
        }
    }

    @Test
    void givenANewVectorOfAnotherDimensionThanTheKeptRows_whenTheNextScanIsBuilt_thenItIsRefused() {
        VectorScan<TableName> scan = scan(table("public.a", 1, 0, 0), table("public.b", 0, 1, 0));

        assertThatThrownBy(() -> scan.withChanges(
                        List.of(table("public.b", 1, 0)),
                        Set.of(TableName.parse("public.b", "public")),
                        t -> t,
                        DatabaseVectors.TABLE_ORDER,
                        TableName::schema))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dimensions");
    }

    @Test
    void givenAQueryOfAnotherDimension_whenSearched_thenItFailsLikeTheStore() {
        VectorScan<TableName> scan = scan(table("public.a", 1, 0, 0));

        assertThatThrownBy(() -> scan.top(new float[] {1, 0}, Set.of(), 5, TableHit::new))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dimensions");
    }

    @SafeVarargs
    private static VectorScan<TableName> scan(Embedded<TableName>... rows) {
        List<Embedded<TableName>> tables = new ArrayList<>(); // copied one by one: the array itself never escapes
        for (Embedded<TableName> row : rows) tables.add(row);
        return VectorScan.of(tables, TableName::schema);
    }

    private static Embedded<TableName> table(String qualified, float... vector) {
        return new Embedded<>(TableName.parse(qualified, "public"), vector);
    }

    private static float[] randomVector(Random random, int dimension) {
        float[] v = new float[dimension];
        for (int i = 0; i < dimension; i++) v[i] = (float) random.nextGaussian();
        return v;
    }

    private static double cosine(float[] a, float[] b) {
        double dot = 0, na = 0, nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            na += (double) a[i] * a[i];
            nb += (double) b[i] * b[i];
        }
        return dot / Math.sqrt(na * nb);
    }
}
