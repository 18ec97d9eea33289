package dev.schemarag.retrieval.index;

import java.util.ArrayList;
import java.util.IdentityHashMap;
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
 * loaded first. Immutable, so shared by concurrent searches. A scan of the next catalog version copies the rows it
 * shares with the previous one ({@link #withRows}) instead of normalizing and transposing every vector again.
 */
final class VectorScan<T> {
    /** The rows, kept to tell which ones a scan of the next version shares with this one. */
    private final List<Embedded<T>> source;

    private final List<T> entities;
    private final List<String> schemas;
    /** Per row, its schema's position in {@link #schemas}: a filter is resolved once per search, not once per row. */
    private final int[] schemaOfRow;

    private final float[][] byDimension;

    private VectorScan(
            List<Embedded<T>> source,
            List<T> entities,
            List<String> schemas,
            int[] schemaOfRow,
            float[][] byDimension) {
        this.source = source;
        this.entities = entities;
        this.schemas = schemas;
        this.schemaOfRow = schemaOfRow;
        this.byDimension = byDimension;
    }

    /** @param schemaOf the schema a search's schema filter matches an entity by */
    static <T> VectorScan<T> of(List<Embedded<T>> embedded, Function<T, String> schemaOf) {
        return build(embedded, schemaOf, null);
    }

    /**
     * The scan of {@code embedded}, equal to {@link #of} of it, with the vectors of the rows it shares with this scan
     * (the same {@link Embedded} objects, as {@link DatabaseVectors#withChanges} keeps them) copied from here in runs.
     */
    VectorScan<T> withRows(List<Embedded<T>> embedded, Function<T, String> schemaOf) {
        return build(embedded, schemaOf, this);
    }

    private static <T> VectorScan<T> build(
            List<Embedded<T>> embedded, Function<T, String> schemaOf, VectorScan<T> previous) {
        int rows = embedded.size();
        int dimension = embedded.isEmpty() ? 0 : embedded.get(0).vector().length;
        Map<Embedded<T>, Integer> shared =
                previous == null || previous.byDimension.length != dimension ? Map.of() : previous.rowsByIdentity();
        List<T> entities = new ArrayList<>(rows);
        Map<String, Integer> schemas = new LinkedHashMap<>();
        int[] schemaOfRow = new int[rows];
        // Per row, its row in the previous scan, or -1 for a vector to normalize.
        int[] previousRow = new int[rows];
        float[][] byDimension = new float[dimension][rows];
        for (int row = 0; row < rows; row++) {
            Embedded<T> e = embedded.get(row);
            if (e.vector().length != dimension)
                throw new IllegalArgumentException(
                        "vectors of " + e.vector().length + " and " + dimension + " dimensions");
            entities.add(e.entity());
            schemaOfRow[row] = schemas.computeIfAbsent(schemaOf.apply(e.entity()), s -> schemas.size());
            previousRow[row] = shared.getOrDefault(e, -1);
            if (previousRow[row] >= 0) continue;
            float[] unit = normalized(e.vector());
            for (int d = 0; d < dimension; d++) byDimension[d][row] = unit[d];
        }
        for (int row = 0; row < rows; ) {
            int from = previousRow[row];
            if (from < 0) {
                row++;
                continue;
            }
            int start = row;
            while (row < rows && previousRow[row] == from + row - start) row++;
            for (int d = 0; d < dimension; d++)
                System.arraycopy(previous.byDimension[d], from, byDimension[d], start, row - start);
        }
        return new VectorScan<>(
                embedded, List.copyOf(entities), List.copyOf(schemas.keySet()), schemaOfRow, byDimension);
    }

    private Map<Embedded<T>, Integer> rowsByIdentity() {
        Map<Embedded<T>, Integer> byIdentity = new IdentityHashMap<>(source.size());
        for (int row = 0; row < source.size(); row++) byIdentity.put(source.get(row), row);
        return byIdentity;
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
