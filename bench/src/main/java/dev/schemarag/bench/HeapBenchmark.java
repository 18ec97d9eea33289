package dev.schemarag.bench;

import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.RetrievedContext;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.CatalogLoads;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.DatabaseVectors;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.InMemoryVectorIndex;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.SchemaIndex;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.retrieval.index.VectorSource;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.ref.Reference;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code schemarag bench heap}: the heap retrieval holds for one large catalog. A seeded synthetic warehouse
 * ({@link SyntheticWarehouse}) is handed to the retriever the way retrieval-service holds it (the prepared catalog with
 * its BM25 shards and renderings, the vectors for in-memory scans), loaded by its first question; then questions are
 * answered against it. The heap is counted by class histograms after full collections, with the retriever reachable
 * and again once it is dropped: the difference is what the catalog costs.
 */
public final class HeapBenchmark {
    static final long SEED = 28;
    private static final int LARGEST_CLASSES = 12;

    private HeapBenchmark() {}

    public static BenchReport run(int columns, int questionCount, PrintWriter out) {
        HeapHistogram start = HeapHistogram.take();
        WordHashModel model = new WordHashModel();
        SyntheticWarehouse warehouse = SyntheticWarehouse.of(SEED, columns);
        out.printf(
                Locale.ROOT,
                "  catalog: %d tables (%d in families), %d columns%n",
                warehouse.tables().size(),
                warehouse.familyTables(),
                warehouse.columns());
        HandOff store = new HandOff(warehouse, model);
        List<SyntheticWarehouse.Question> questions = warehouse.questions(questionCount);

        LoadTimes loads = new LoadTimes();
        SchemaRetriever retriever = new SchemaRetriever(
                new InMemoryVectorIndex(store, store, loads), model, RetrievalSettings.defaults(), 1024, loads);
        long loading = System.nanoTime();
        retriever.retrieve(RetrievalRequest.of(
                SyntheticWarehouse.DATABASE, questions.get(0).text()));
        double firstMs = millisSince(loading);
        out.printf(Locale.ROOT, "  first question, loading the catalog: %.0f ms%n", firstMs);
        retriever.warmUp();

        double[] latencies = new double[questions.size()];
        int selected = 0;
        int fallbacks = 0;
        for (int i = 0; i < questions.size(); i++) {
            SyntheticWarehouse.Question q = questions.get(i);
            long asked = System.nanoTime();
            RetrievalResult result = retriever.retrieve(RetrievalRequest.of(SyntheticWarehouse.DATABASE, q.text()));
            latencies[i] = millisSince(asked);
            if (!(result instanceof RetrievalResult.Retrieved retrieved))
                throw new IllegalStateException("a question failed: " + result);
            RetrievedContext context = retrieved.context();
            if (context.metadata().fallbackReason() != null) fallbacks++;
            if (context.tables().stream().anyMatch(t -> isOf(t.table().table(), q))) selected++;
        }

        HeapHistogram held = HeapHistogram.take();
        Reference.reachabilityFence(retriever);
        retriever = null;
        HeapHistogram released = HeapHistogram.take();

        long retained = held.bytes() - released.bytes();
        BenchReport report = new BenchReport("bench heap: a " + columns + "-column catalog held by retrieval");
        report.put("columns", warehouse.columns());
        report.put("tables", warehouse.tables().size());
        report.put("family_tables", warehouse.familyTables());
        report.put("max_heap_bytes", Runtime.getRuntime().maxMemory());
        // Garbage not yet collected included: what the heap had to hold at most, the loads' transient rows among it.
        report.put("peak_heap_used_bytes", peakHeapUsed());
        report.put("retained_bytes", retained);
        report.put("retained_mb", retained / 1e6);
        report.put("bytes_per_column", retained / (double) warehouse.columns());
        // An upper bound: also the bench's own word vectors and the bounded static memos of token counts and names.
        report.put("growth_since_start_bytes", held.bytes() - start.bytes());
        Map<String, Object> classes = new LinkedHashMap<>();
        held.largestGrowth(released, LARGEST_CLASSES).forEach(c -> classes.put(c.className(), c.bytes()));
        report.put("largest_classes_bytes", classes);
        report.put("first_question_ms", firstMs);
        // The parts of the first question's time spent loading: the prepared catalog (renderings' counts aside, the
        // BM25 shards and the join graph) and the vector scans; the rest is the question's own.
        report.put("load_ms", loads.figures());
        // Within the loads: the synthetic store making its rows, where a real one reads them.
        report.put("store_read_ms", store.readMs());
        report.put("questions", questions.size());
        Map<String, Object> latency = new LinkedHashMap<>();
        double[] sorted = BenchReport.sorted(latencies);
        latency.put("p50", BenchReport.percentile(sorted, 50));
        latency.put("p99", BenchReport.percentile(sorted, 99));
        report.put("latency_ms", latency);
        report.put("target_selected", selected / (double) questions.size());
        report.put("fallbacks", fallbacks);
        return report;
    }

    /** Whether the selected table is the question's, or a member of its family. */
    private static boolean isOf(String table, SyntheticWarehouse.Question q) {
        return table.equals(q.family()) || table.startsWith(q.family() + "_2");
    }

    /** How long each part's full load took. */
    private static final class LoadTimes implements CatalogLoads {
        private final Map<String, Object> took = new ConcurrentHashMap<>();

        @Override
        public void full(Part part, Duration duration) {
            took.put(part.wireName(), duration.toNanos() / 1e6);
        }

        @Override
        public void incremental(Part part, int tables, Duration duration) {}

        Map<String, Object> figures() {
            return new TreeMap<>(took);
        }
    }

    private static long peakHeapUsed() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans())
            if (pool.getType() == MemoryType.HEAP) peak += pool.getPeakUsage().getUsed();
        return peak;
    }

    private static double millisSince(long started) {
        return (System.nanoTime() - started) / 1e6;
    }

    /**
     * The store: it makes the catalog's rows and vectors when retrieval reads them, once each, so that the rows are
     * garbage once retrieval has made its own structures of them, and the heap's peak during a load is the one a
     * store read gives. Searches are the in-memory index's.
     */
    private static final class HandOff implements SchemaIndex, VectorSource {
        private final SyntheticWarehouse warehouse;
        private final WordHashModel model;
        private final Map<String, Object> readMs = new ConcurrentHashMap<>();

        HandOff(SyntheticWarehouse warehouse, WordHashModel model) {
            this.warehouse = warehouse;
            this.model = model;
        }

        Map<String, Object> readMs() {
            return new TreeMap<>(readMs);
        }

        @Override
        public Optional<String> version(String databaseId) {
            return known(databaseId) ? Optional.of("1") : Optional.empty();
        }

        @Override
        public Optional<IndexedDatabase> load(String databaseId) {
            if (!known(databaseId)) return Optional.empty();
            if (readMs.containsKey("tables")) throw new IllegalStateException("the catalog was loaded twice");
            long reading = System.nanoTime();
            IndexedDatabase database = warehouse.database("1", model.modelId());
            readMs.put("tables", millisSince(reading));
            return Optional.of(database);
        }

        @Override
        public DatabaseVectors vectors(String databaseId) {
            if (readMs.containsKey("vectors")) throw new IllegalStateException("the vectors were loaded twice");
            long reading = System.nanoTime();
            DatabaseVectors vectors = warehouse.vectors(model);
            readMs.put("vectors", millisSince(reading));
            return vectors;
        }

        @Override
        public List<String> databases() {
            return List.of(SyntheticWarehouse.DATABASE);
        }

        @Override
        public List<TableHit> searchTables(String databaseId, Set<String> schemas, float[] query, int topK) {
            throw new UnsupportedOperationException("searched in memory");
        }

        @Override
        public List<ColumnHit> searchColumns(String databaseId, Set<String> schemas, float[] query, int topK) {
            throw new UnsupportedOperationException("searched in memory");
        }

        @Override
        public List<DocHit> searchDocs(String databaseId, Set<String> schemas, float[] query, int topK) {
            throw new UnsupportedOperationException("searched in memory");
        }

        private static boolean known(String databaseId) {
            return SyntheticWarehouse.DATABASE.equals(databaseId);
        }
    }
}
