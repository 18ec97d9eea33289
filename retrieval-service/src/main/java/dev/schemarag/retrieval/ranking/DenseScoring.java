package dev.schemarag.retrieval.ranking;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.TableHit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Turns table and column hits into one dense score per table. A table's columns vote with their best two
 * similarities (top1 + w·top2), so a table with two matching columns beats one with a single lucky match; generic
 * columns (ids, timestamps) are damped because they match every table. The fused score stays in cosine units.
 */
public final class DenseScoring {
    private DenseScoring() {}

    /** Hits below the similarity thresholds, or of tables outside {@code known}, are ignored. */
    public static DenseRanking rank(
            List<TableHit> tableHits,
            List<ColumnHit> columnHits,
            Predicate<TableName> known,
            RetrievalSettings settings) {
        Map<TableName, Double> tableSimilarity = new LinkedHashMap<>();
        for (TableHit hit : tableHits) {
            if (hit.similarity() >= settings.tableMinSimilarity() && known.test(hit.table()))
                tableSimilarity.merge(hit.table(), hit.similarity(), Math::max);
        }
        Map<TableName, List<Double>> columnSimilarities = new LinkedHashMap<>();
        double columnSum = 0;
        int columnCount = 0;
        for (ColumnHit hit : columnHits) {
            if (hit.similarity() < settings.columnMinSimilarity() || !known.test(hit.table())) continue;
            double damped = hit.generic() ? hit.similarity() * settings.columnGenericFactor() : hit.similarity();
            columnSimilarities
                    .computeIfAbsent(hit.table(), t -> new ArrayList<>())
                    .add(damped);
            columnSum += hit.similarity();
            columnCount++;
        }

        Map<TableName, DenseCandidate> byTable = new LinkedHashMap<>();
        tableSimilarity.forEach((table, similarity) -> byTable.put(
                table,
                candidate(table, true, similarity, columnSimilarities.getOrDefault(table, List.of()), settings)));
        columnSimilarities.forEach((table, similarities) ->
                byTable.computeIfAbsent(table, t -> candidate(t, false, 0, similarities, settings)));

        List<DenseCandidate> ranked = new ArrayList<>(byTable.values());
        ranked.sort(Comparator.comparingDouble(DenseCandidate::score).reversed().thenComparing(DenseCandidate::table));
        int onlyViaColumns =
                (int) ranked.stream().filter(DenseCandidate::onlyThroughColumns).count();
        DenseStats stats = new DenseStats(
                tableSimilarity.size(),
                columnCount,
                average(
                        tableSimilarity.values().stream()
                                .mapToDouble(Double::doubleValue)
                                .sum(),
                        tableSimilarity.size()),
                average(columnSum, columnCount),
                average(columnCount, columnSimilarities.size()),
                onlyViaColumns);
        return new DenseRanking(ranked, stats);
    }

    /** top1 + w·top2 of the given (already damped) column similarities; 0 without any. */
    public static double columnScore(List<Double> similarities, double secondWeight) {
        double first = 0;
        double second = 0;
        for (double s : similarities) {
            if (s > first) {
                second = first;
                first = s;
            } else if (s > second) {
                second = s;
            }
        }
        return first + secondWeight * second;
    }

    private static DenseCandidate candidate(
            TableName table,
            boolean tableHit,
            double tableSimilarity,
            List<Double> columns,
            RetrievalSettings settings) {
        double columnScore = columnScore(columns, settings.columnSecondWeight());
        double score = settings.fusionTableWeight() * tableSimilarity + settings.fusionColumnWeight() * columnScore;
        return new DenseCandidate(table, tableHit, tableSimilarity, columnScore, columns.size(), score);
    }

    private static double average(double sum, int count) {
        return count == 0 ? 0 : sum / count;
    }
}
