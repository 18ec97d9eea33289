package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Exact nearest-neighbour search over one kind of entity held in memory. The vectors are normalized once, so a cosine
 * similarity is a dot product, and stored dimension-major (one array per dimension, one slot per row): a search then
 * adds {@code query[d] * byDimension[d][row]} over all rows in a loop the JIT turns into SIMD, about five times faster
 * than a dot product per row. A search keeps a bounded top k, best first, and among equal similarities the entity
 * loaded first. Immutable, so shared by concurrent searches. The vectors are held once, in that form only: a scan of
 * the next catalog version ({@link #withChanges}) copies the rows of the tables that did not change from this one
 * instead of normalizing and transposing every vector again.
 */
final class VectorScan<T> {
    private final List<T> entities;
    private final List<String> schemas;
    /** Per row, its schema's position in {@link #schemas}: a filter is resolved once per search, not once per row. */
    private final int[] schemaOfRow;

    private final float[][] byDimension;

    private VectorScan(List<T> entities, List<String> schemas, int[] schemaOfRow, float[][] byDimension) {
        this.entities = entities;
        this.schemas = schemas;
        this.schemaOfRow = schemaOfRow;
        this.byDimension = byDimension;
    }

    /** @param schemaOf the schema a search's schema filter matches an entity by */
    static <T> VectorScan<T> of(List<Embedded<T>> embedded, Function<T, String> schemaOf) {
        List<Row<T>> rows = new ArrayList<>(embedded.size());
        for (Embedded<T> e : embedded) rows.add(new Row<>(e.entity(), e.vector(), -1));
        return build(rows, schemaOf, null);
    }

    /**
     * The scan of the next version, equal to {@link #of} of its rows in key order: the rows of the {@code changed}
     * tables replaced by {@code replacing} (theirs in the next version), the others kept, their vectors copied from
     * here in runs.
     *
     * @param tableOf the table an entity belongs to
     * @param order the key order of the rows, the one the store's vectors come in ({@link DatabaseVectors})
     */
    VectorScan<T> withChanges(
            List<Embedded<T>> replacing,
            Set<TableName> changed,
            Function<T, TableName> tableOf,
            Comparator<T> order,
            Function<T, String> schemaOf) {
        List<Row<T>> rows = new ArrayList<>(entities.size() + replacing.size());
        for (Embedded<T> e : replacing) rows.add(new Row<>(e.entity(), e.vector(), -1));
        for (int row = 0; row < entities.size(); row++) {
            T entity = entities.get(row);
            if (!changed.contains(tableOf.apply(entity))) rows.add(new Row<>(entity, null, row));
        }
        // Stable, as the sort of the store's rows: among equal keys the replacing rows come first there too.
        rows.sort(Comparator.comparing(Row::entity, order));
        return build(rows, schemaOf, this);
    }

    /** A row of the next scan: its vector, or its row in the previous scan (then {@code vector} is null). */
    private record Row<T>(T entity, float[] vector, int previousRow) {}

    private static <T> VectorScan<T> build(List<Row<T>> rows, Function<T, String> schemaOf, VectorScan<T> previous) {
        int size = rows.size();
        int dimension = dimension(rows, previous);
        List<T> entities = new ArrayList<>(size);
        Map<String, Integer> schemas = new LinkedHashMap<>();
        int[] schemaOfRow = new int[size];
        float[][] byDimension = new float[dimension][size];
        for (int row = 0; row < size; row++) {
            Row<T> r = rows.get(row);
            entities.add(r.entity());
            schemaOfRow[row] = schemas.computeIfAbsent(schemaOf.apply(r.entity()), s -> schemas.size());
            if (r.vector() == null) continue;
            if (r.vector().length != dimension)
                throw new IllegalArgumentException(
                        "vectors of " + r.vector().length + " and " + dimension + " dimensions");
            float[] unit = normalized(r.vector());
            for (int d = 0; d < dimension; d++) byDimension[d][row] = unit[d];
        }
        for (int row = 0; row < size; ) {
            int from = rows.get(row).previousRow();
            if (from < 0) {
                row++;
                continue;
            }
            int start = row;
            while (row < size && rows.get(row).previousRow() == from + row - start) row++;
            for (int d = 0; d < dimension; d++)
                System.arraycopy(previous.byDimension[d], from, byDimension[d], start, row - start);
        }
        return new VectorScan<>(List.copyOf(entities), List.copyOf(schemas.keySet()), schemaOfRow, byDimension);
    }

    /** The previous scan's dimension when a row is kept from it, else the first new vector's. */
    private static <T> int dimension(List<Row<T>> rows, VectorScan<T> previous) {
        for (Row<T> row : rows) if (row.vector() == null) return previous.byDimension.length;
        return rows.isEmpty() ? 0 : rows.get(0).vector().length;
    }

    int size() {
        return entities.size();
    }

    /**
     * The {@code k} entities of the given schemas (all when empty) most similar to {@code query}, best first.
     *
     * @param hit makes a result of an entity and its cosine similarity
     */
    <H> List<H> top(float[] query, Set<String> schemaFilter, int k, BiFunction<T, Double, H> hit) {
        int capacity = Math.min(k, entities.size());
        if (capacity <= 0) return List.of();
        if (query.length != byDimension.length)
            throw new IllegalArgumentException(
                    "query of " + query.length + " dimensions, index of " + byDimension.length);
        float[] similarities = similarities(normalized(query));
        boolean[] allowed = new boolean[schemas.size()];
        for (int i = 0; i < allowed.length; i++)
            allowed[i] = schemaFilter.isEmpty() || schemaFilter.contains(schemas.get(i));

        int[] rows = new int[capacity];
        float[] scores = new float[capacity];
        int size = 0;
        for (int row = 0; row < similarities.length; row++) {
            if (!allowed[schemaOfRow[row]]) continue;
            float score = similarities[row];
            if (size == capacity && !(score > scores[size - 1])) continue;
            // Insertion into the sorted arrays, the worst falling off when full; strict < keeps earlier rows first.
            int at = size < capacity ? size++ : size - 1;
            while (at > 0 && scores[at - 1] < score) {
                scores[at] = scores[at - 1];
                rows[at] = rows[at - 1];
                at--;
            }
            scores[at] = score;
            rows[at] = row;
        }
        List<H> hits = new ArrayList<>(size);
        for (int i = 0; i < size; i++) hits.add(hit.apply(entities.get(rows[i]), (double) scores[i]));
        return hits;
    }

    private float[] similarities(float[] unitQuery) {
        float[] similarities = new float[entities.size()];
        for (int d = 0; d < unitQuery.length; d++) {
            float q = unitQuery[d];
            float[] column = byDimension[d];
            for (int row = 0; row < column.length; row++) similarities[row] += q * column[row];
        }
        return similarities;
    }

    /** {@code v / |v|}; a zero vector stays zero (similarity 0 to everything). */
    private static float[] normalized(float[] v) {
        double squares = 0;
        for (float x : v) squares += (double) x * x;
        double scale = squares == 0 ? 0 : 1 / Math.sqrt(squares);
        float[] unit = new float[v.length];
        for (int i = 0; i < v.length; i++) unit[i] = (float) (v[i] * scale);
        return unit;
    }
}
