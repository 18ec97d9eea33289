package dev.schemarag.retrieval;

import static dev.schemarag.retrieval.RetrievalMetrics.*;

import dev.schemarag.core.config.ConfigException;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.QuestionVector;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.PacketFormat;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.family.TableFamilies;
import dev.schemarag.retrieval.graph.Bridging;
import dev.schemarag.retrieval.graph.Expansion;
import dev.schemarag.retrieval.index.CatalogLoads;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.SchemaIndex;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.retrieval.lexical.LexicalHit;
import dev.schemarag.retrieval.lexical.QuestionSignal;
import dev.schemarag.retrieval.packet.BriefTableRenderer;
import dev.schemarag.retrieval.packet.ContextPacket;
import dev.schemarag.retrieval.packet.FamilyHeader;
import dev.schemarag.retrieval.packet.JoinHints;
import dev.schemarag.retrieval.packet.KeptColumns;
import dev.schemarag.retrieval.packet.TokenCounter;
import dev.schemarag.retrieval.packet.WideTableRenderer;
import dev.schemarag.retrieval.routing.DatabaseRouting;
import dev.schemarag.retrieval.routing.RouteCandidate;
import dev.schemarag.retrieval.routing.RoutingDecision;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the schema context for a question: decides between RAG and the full schema, runs dense and lexical search,
 * selects and connects tables, and renders the packet. Never throws for bad input or a failing search: bad input and
 * an unknown database come back as failures, a failing search as a full-schema fallback. Thread-safe.
 */
public final class SchemaRetriever {
    /** Asked of each database at warm-up only, in turn; their answers are thrown away. */
    public static final List<String> WARM_UP_QUESTIONS = List.of(
            "How many rows does each table have?",
            "Which names appear most often in the latest records?",
            "What is the total amount per category and year?",
            "List the items with their owner and the date they were created.");

    private static final int WARM_UP_ROUNDS = 24;

    private static final Logger log = LoggerFactory.getLogger(SchemaRetriever.class);
    /** Doc hits asked per doc chunk wanted, so chunks of selected tables can be preferred over closer ones. */
    private static final int DOC_CANDIDATES_PER_CHUNK = 3;

    /** The column hits of a table the packet keeps in full: the two its dense score counts. */
    private static final int MATCHED_COLUMNS_KEPT = 2;

    private final SchemaIndex index;
    private final RetrievalSettings settings;
    private final EmbeddingCache embeddings;
    private final String modelId;
    private final PreparedDatabases databases;
    private final RouteSearches routeSearches;
    private final Optional<TableChooser> chooser;

    /**
     * @param settings           the service's settings; each request may override them
     * @param embeddingCacheSize how many recent question embeddings to keep
     */
    public SchemaRetriever(
            SchemaIndex index, EmbeddingModel model, RetrievalSettings settings, int embeddingCacheSize) {
        this(index, model, settings, embeddingCacheSize, CatalogLoads.NONE);
    }

    /** @param loads told of every full load and incremental update of a database's prepared catalog */
    public SchemaRetriever(
            SchemaIndex index,
            EmbeddingModel model,
            RetrievalSettings settings,
            int embeddingCacheSize,
            CatalogLoads loads) {
        this(index, model, settings, embeddingCacheSize, loads, Optional.empty());
    }

    /** @param chooser the model of the optional LLM selection step ({@code retrieval.llm.select}), if one is configured */
    public SchemaRetriever(
            SchemaIndex index,
            EmbeddingModel model,
            RetrievalSettings settings,
            int embeddingCacheSize,
            CatalogLoads loads,
            Optional<TableChooser> chooser) {
        this.chooser = chooser;
        this.index = index;
        this.settings = settings;
        this.embeddings = new EmbeddingCache(model, embeddingCacheSize);
        this.modelId = model.queryVectorsId();
        this.databases = new PreparedDatabases(index, model.modelId(), loads);
        this.routeSearches = new RouteSearches(index, databases, embeddings);
    }

    /**
     * Loads every database with a stored catalog (its prepared catalog and, when searched in memory, its vectors), and
     * retrieves {@value #WARM_UP_ROUNDS} throw-away questions on each, so that no first question waits for a load, the
     * model's first inference or code still interpreted: the first retrieval on a large catalog takes several times
     * as long as the ones after the JIT compiler has seen a few.
     *
     * @return the databases loaded
     */
    public List<String> warmUp() {
        List<String> ids = index.databases();
        for (String id : ids) {
            databases.get(id);
            index.prepare(id);
            long first = 0;
            long last = 0;
            for (int round = 0; round < WARM_UP_ROUNDS; round++) {
                long started = System.nanoTime();
                retrieve(RetrievalRequest.of(id, WARM_UP_QUESTIONS.get(round % WARM_UP_QUESTIONS.size())));
                last = System.nanoTime() - started;
                if (round == 0) first = last;
            }
            log.info(
                    "Warmed up retrieval on database {}: {} questions, the first in {} ms, the last in {} ms",
                    id,
                    WARM_UP_ROUNDS,
                    first / 1_000_000,
                    last / 1_000_000);
        }
        return ids;
    }

    /**
     * From now on questions are answered from the catalogs held, and only {@link #refresh} applies the store's
     * changes: a follower calls it on a thread of its own, so that no question waits for a catalog change.
     */
    public void follow() {
        databases.follow();
        index.follow();
    }

    /**
     * Brings every registered database's catalog, and every one held, to the store's current version: the changed
     * tables applied, a new database loaded, a removed one forgotten.
     */
    public void refresh() {
        Set<String> ids = new LinkedHashSet<>(index.databases());
        ids.addAll(databases.held());
        for (String id : ids) if (databases.refresh(id).isPresent()) index.prepare(id);
    }

    /** Question embeddings answered from the recent-question cache so far. */
    public long embeddingCacheHits() {
        return embeddings.hits();
    }

    /** Question embeddings the model computed so far. */
    public long embeddingCacheMisses() {
        return embeddings.misses();
    }

    public RetrievalResult retrieve(RetrievalRequest request) {
        long started = System.nanoTime();
        if (isBlank(request.question()))
            return new RetrievalFailure(ErrorClass.INVALID_REQUEST, "question is required");
        // Before anything else reads the text, and against the service's cap: a question's own settings cannot raise
        // it.
        Optional<String> oversized =
                oversized("question", request.question()).or(() -> oversized("evidence", request.evidence()));
        if (oversized.isPresent()) return new RetrievalFailure(ErrorClass.INVALID_REQUEST, oversized.get());
        RetrievalSettings effective;
        try {
            effective = settings.withOverrides(request.settings());
            if (request.maxTables() != null) effective = effective.withMaxTables(request.maxTables());
        } catch (ConfigException e) {
            return new RetrievalFailure(ErrorClass.INVALID_SETTINGS, e.getMessage());
        }
        if (isBlank(request.databaseId())) return routed(request, effective);

        String databaseId = request.databaseId().trim();
        Optional<PreparedDatabase> loaded;
        try {
            loaded = databases.get(databaseId);
        } catch (RuntimeException e) {
            log.warn("Could not load the catalog of database {}", databaseId, e);
            return new RetrievalFailure(
                    ErrorClass.INFRA_FAILURE,
                    "could not load the catalog of database " + databaseId + ": " + e.getMessage());
        }
        // The store holds no catalog before ingest's first sync: the database may be registered already.
        if (loaded.isEmpty()) return new RetrievalFailure(ErrorClass.UNKNOWN_DATABASE, unknown(databaseId));
        Principals principals = loaded.get().database().principals();
        if (!principals.admits(request.asker()))
            return new RetrievalFailure(ErrorClass.ACCESS_DENIED, Principals.refusal(databaseId, request.asker()));
        Optional<String> role = principals.roleOf(request.asker());
        // A role sees its own view of the catalog only: what is ranked, expanded and rendered is what it may read.
        PreparedDatabase database = role.map(loaded.get()::readableBy).orElse(loaded.get());
        List<TableName> scope = database.tablesIn(request.schemas());
        if (scope.isEmpty() && role.isPresent())
            return new RetrievalFailure(
                    ErrorClass.ACCESS_DENIED,
                    request.asker().describe() + " (role " + role.get() + ") may read no table of database '"
                            + databaseId + "'"
                            + (request.schemas().isEmpty() ? "" : " in schemas " + request.schemas()));
        if (scope.isEmpty()) {
            return request.schemas().isEmpty()
                    ? new RetrievalFailure(ErrorClass.EMPTY_CATALOG, "database '" + databaseId + "' has no tables")
                    : new RetrievalFailure(
                            ErrorClass.UNKNOWN_SCHEMA,
                            "database '" + databaseId + "' has no tables in schemas " + request.schemas());
        }

        ResolvedRequest r =
                new ResolvedRequest(request, databaseId, effective, database, role.isPresent(), scope, started);
        Strategy strategy =
                Strategy.choose(request.useRetrieval(), effective.enabled(), scope.size(), effective.tableThreshold());
        if (strategy == Strategy.FULL_SCHEMA) return fullSchema(r, null, Map.of(), Optional.empty());
        if (QuestionSignal.contentWords(request.question()) < effective.fallbackMinContentWords())
            return fullSchema(r, FallbackReason.QUESTION_TOO_SHORT, Map.of(), Optional.empty());
        if (database.vectorsOfOtherModels() > 0)
            return fullSchema(r, FallbackReason.OTHER_MODEL_INDEX, Map.of(), Optional.empty());
        return rag(r);
    }

    /**
     * A question without a database: routed among the registered databases its asker may read, and retrieved in the
     * one its evidence clearly points to; otherwise {@code ambiguous_database}, listing the leading candidates.
     */
    private RetrievalResult routed(RetrievalRequest request, RetrievalSettings effective) {
        List<String> registered;
        RoutingDecision decision;
        try {
            registered = index.databases();
            List<RouteCandidate> candidates = registered.stream()
                    .map(id -> new RouteCandidate(id, request.schemas()))
                    .toList();
            decision = route(request, candidates, effective);
        } catch (RuntimeException e) {
            log.warn("Could not route a question among the registered databases", e);
            return new RetrievalFailure(
                    ErrorClass.INFRA_FAILURE, "could not route the question to a database: " + e.getMessage());
        }
        if (decision instanceof RoutingDecision.Routed routed) {
            RetrievalResult result =
                    retrieve(request.withDatabaseId(routed.candidate().databaseId()));
            return result instanceof RetrievalResult.Retrieved retrieved
                    ? RetrievalResult.of(retrieved.context().routedBy(routed))
                    : result;
        }
        if (!decision.ranking().isEmpty())
            return new RetrievalFailure(ErrorClass.AMBIGUOUS_DATABASE, DatabaseRouting.refusal(decision.ranking()));
        return noCandidate(request, registered);
    }

    /** Why a question without a database has nowhere to go: nothing registered, readable or indexed. */
    private static RetrievalFailure noCandidate(RetrievalRequest request, List<String> registered) {
        String inSchemas = request.schemas().isEmpty() ? "" : " in schemas " + request.schemas();
        if (registered.isEmpty()) return new RetrievalFailure(ErrorClass.UNKNOWN_DATABASE, "no database is registered");
        if (request.asker().principal().isPresent())
            return new RetrievalFailure(
                    ErrorClass.ACCESS_DENIED,
                    request.asker().describe() + " may read no table of any registered database" + inSchemas);
        return request.schemas().isEmpty()
                ? new RetrievalFailure(ErrorClass.EMPTY_CATALOG, "no registered database has tables")
                : new RetrievalFailure(ErrorClass.UNKNOWN_SCHEMA, "no registered database has tables" + inSchemas);
    }

    /**
     * Ranks the candidates by what the question's searches find in each, as its asker may read them, and decides where
     * it goes ({@link DatabaseRouting}). A candidate its asker may read nothing of is left out. Each database is searched
     * once, over the schemas of all its candidates, and each hit counts for the candidates holding its schema.
     *
     * @throws RuntimeException when the store fails, or a {@code ConfigException} when the request's settings are not
     *     accepted
     */
    public RoutingDecision route(RetrievalRequest request, List<RouteCandidate> candidates) {
        return route(request, candidates, settings.withOverrides(request.settings()));
    }

    private RoutingDecision route(
            RetrievalRequest request, List<RouteCandidate> candidates, RetrievalSettings effective) {
        return DatabaseRouting.decide(
                routeSearches.evidence(request, candidates, effective), effective.routingMinMargin());
    }

    /** Why a text is too long, if it is: its size in UTF-8 bytes against {@link RetrievalSettings#questionMaxBytes()}. */
    private Optional<String> oversized(String field, String text) {
        if (text == null) return Optional.empty();
        int bytes = text.getBytes(StandardCharsets.UTF_8).length;
        return bytes <= settings.questionMaxBytes()
                ? Optional.empty()
                : Optional.of(field + " is " + bytes + " bytes (UTF-8); at most " + settings.questionMaxBytes()
                        + " are accepted (" + RetrievalSettings.QUESTION_MAX_BYTES.key() + ")");
    }

    /** One request's resolved inputs. */
    private record ResolvedRequest(
            RetrievalRequest request,
            String databaseId,
            RetrievalSettings settings,
            PreparedDatabase database,
            boolean restricted,
            List<TableName> scope,
            long started) {
        Predicate<TableName> inScope() {
            Set<String> schemas = request.schemas();
            return table -> database.contains(table) && (schemas.isEmpty() || schemas.contains(table.schema()));
        }
    }

    private RetrievalResult rag(ResolvedRequest r) {
        RetrievalSettings s = r.settings();
        Set<String> schemas = r.request().schemas();
        String text = r.request().searchText();
        Selection selection;
        List<SelectedTable> tables;
        Map<String, Double> metrics;
        List<DocHit> docs;
        Map<TableName, Set<String>> hitColumns = new HashMap<>();
        Optional<QuestionVector> questionVector = Optional.empty();
        try {
            float[] query = embeddings.embed(text);
            // Generation's example lookup compares the question alone: a vector of question and evidence is not it.
            if (text.equals(r.request().question())) questionVector = Optional.of(new QuestionVector(modelId, query));
            TableFamilies families =
                    s.families() ? r.database().families().atLeast(s.familyMinMembers()) : TableFamilies.NONE;
            // A family's members share their texts and so their ranks: each table search asks for as many more rows
            // as there are members beyond the first, so that a family found takes one place of the ranking.
            int redundant = families.redundantMembers();
            List<TableHit> tableHits = index.searchTables(r.databaseId(), schemas, query, s.tableTopK() + redundant);
            List<ColumnHit> columnHits = s.columnTopK() == 0
                    ? List.of()
                    : index.searchColumns(r.databaseId(), schemas, query, s.columnTopK());
            if (r.restricted())
                columnHits = columnHits.stream()
                        .filter(hit -> r.database().hasColumn(hit.table(), hit.column()))
                        .toList();
            // The packet keeps in full the columns that made a table rank, its nearest two as the dense score counts
            // them; the others the search came near are named with the rest of the table's columns.
            columnHits.stream()
                    .sorted(Comparator.comparingDouble(ColumnHit::similarity).reversed())
                    .forEach(hit -> {
                        Set<String> kept = hitColumns.computeIfAbsent(hit.table(), t -> new HashSet<>());
                        if (kept.size() < MATCHED_COLUMNS_KEPT) kept.add(hit.column());
                    });
            List<LexicalHit> lexicalHits = s.lexicalEnabled()
                    ? r.database()
                            .lexical()
                            .search(text, schemas, s.lexicalTopK() + redundant, s.lexicalBm25K1(), s.lexicalBm25B())
                    : List.of();
            selection = TableSelector.select(
                    r.request().question(),
                    tableHits,
                    columnHits,
                    lexicalHits,
                    r.database().graph(),
                    r.inScope(),
                    families,
                    s);
            if (selection.fallback() != null)
                return fullSchema(r, selection.fallback(), selectionMetrics(selection), questionVector);
            metrics = selectionMetrics(selection);
            tables = s.llmSelect() && chooser.isPresent()
                    ? modelChosen(r, selection.tables(), metrics)
                    : selection.tables();
            Set<TableName> selected =
                    new HashSet<>(tables.stream().map(SelectedTable::table).toList());
            docs = s.docsTopK() == 0
                    ? List.of()
                    : DocChunkSelection.choose(
                            index
                                    .searchDocs(r.databaseId(), schemas, query, s.docsTopK() * DOC_CANDIDATES_PER_CHUNK)
                                    .stream()
                                    .filter(hit -> r.database().holds(hit.chunk()))
                                    .toList(),
                            selected,
                            s.docsTopK(),
                            s.docsMinSimilarity(),
                            s.docsRelativeCutoff(),
                            s.docsMaxTokens());
        } catch (RuntimeException e) {
            log.warn("Retrieval failed for database {}, sending the full schema", r.databaseId(), e);
            return fullSchema(r, FallbackReason.RETRIEVAL_ERROR, Map.of(), questionVector);
        }

        List<TableName> names = tables.stream().map(SelectedTable::table).toList();
        double avgScore =
                tables.stream().mapToDouble(SelectedTable::score).average().orElse(0);
        return context(
                r,
                Strategy.RAG,
                null,
                tables,
                names,
                docs,
                avgScore,
                metrics,
                selection.expansion(),
                selection.bridging(),
                hitColumns,
                questionVector);
    }

    /**
     * The optional LLM selection step ({@link ModelTableSelection}): the model names the tables the question needs
     * among those selected. The selection stays as it was when the model fails, is late or names none of them; the
     * step's time, tokens and drops go into {@code metrics}.
     */
    private List<SelectedTable> modelChosen(
            ResolvedRequest r, List<SelectedTable> selected, Map<String, Double> metrics) {
        List<TableName> names = selected.stream().map(SelectedTable::table).toList();
        String prompt = ModelTableSelection.prompt(
                r.request().question(),
                names.stream().map(r.database()::definition).toList());
        metrics.put(LLM_SELECT_PROMPT_CL100K, (double)
                (TokenCounter.count(ModelTableSelection.SYSTEM) + TokenCounter.count(prompt)));
        long started = System.nanoTime();
        try {
            TableChooser.Reply reply = chooser.orElseThrow()
                    .ask(
                            ModelTableSelection.SYSTEM,
                            prompt,
                            Duration.ofMillis(r.settings().llmSelectTimeoutMs()));
            List<SelectedTable> kept = ModelTableSelection.kept(
                    selected,
                    ModelTableSelection.named(reply.content(), names),
                    r.settings().llmSelectKeepAbove());
            metrics.put(LLM_SELECT_DROPPED, (double) (selected.size() - kept.size()));
            metrics.put(LLM_SELECT_PROMPT_TOKENS, (double) reply.promptTokens());
            metrics.put(LLM_SELECT_COMPLETION_TOKENS, (double) reply.completionTokens());
            return kept;
        } catch (RuntimeException e) {
            log.warn(
                    "The LLM selection step failed, keeping retrieval's selection: databaseId={} error={}",
                    r.databaseId(),
                    e.getClass().getSimpleName());
            metrics.put(LLM_SELECT_FAILED, 1.0);
            return selected;
        } finally {
            metrics.put(LLM_SELECT_MS, (System.nanoTime() - started) / 1e6);
        }
    }

    private RetrievalResult fullSchema(
            ResolvedRequest r,
            FallbackReason reason,
            Map<String, Double> metrics,
            Optional<QuestionVector> questionVector) {
        List<SelectedTable> tables = r.scope().stream()
                .map(t -> new SelectedTable(t, 0, SelectionReason.FULL_SCHEMA))
                .toList();
        return context(
                r,
                Strategy.FULL_SCHEMA,
                reason,
                tables,
                r.scope(),
                List.of(),
                0,
                metrics,
                Expansion.NONE,
                Bridging.NONE,
                Map.of(),
                questionVector);
    }

    private RetrievalResult context(
            ResolvedRequest r,
            Strategy strategy,
            FallbackReason reason,
            List<SelectedTable> tables,
            List<TableName> names,
            List<DocHit> docs,
            double avgScore,
            Map<String, Double> selectionMetrics,
            Expansion expansion,
            Bridging bridging,
            Map<TableName, Set<String>> hitColumns,
            Optional<QuestionVector> questionVector) {
        PacketFormat format = r.settings().packetFormat();
        List<String> hints = JoinHints.of(
                names,
                r.database().graph(),
                r.settings().joinHintFormat(),
                r.database().dialect());
        String packet = ContextPacket.assemble(
                tableTexts(r, tables, names, hitColumns, format),
                format,
                JoinHints.forPacket(
                        names,
                        r.database().graph(),
                        r.settings().joinHintFormat(),
                        r.database().dialect(),
                        format),
                docs);
        int packetTokens = TokenCounter.count(packet);
        Map<String, Double> metrics = new LinkedHashMap<>(selectionMetrics);
        metrics.put(FINAL_TABLES, (double) tables.size());
        double latencyMs = (System.nanoTime() - r.started()) / 1e6;
        metrics.put(LATENCY_MS, latencyMs);
        ContextMetadata metadata = new ContextMetadata(
                strategy,
                tables.size(),
                docs.size(),
                avgScore,
                reason,
                packetTokens,
                r.database().tokens(r.scope(), format),
                packetTokens > r.settings().contextBudgetTokens(),
                metrics,
                r.database().version());
        log.debug(
                "Database {}: {} with {} tables, {} doc chunks, {} tokens{} in {} ms",
                r.databaseId(),
                strategy.wireName(),
                tables.size(),
                docs.size(),
                packetTokens,
                reason == null ? "" : " (fallback: " + reason.wireName() + ")",
                Math.round(latencyMs));
        return RetrievalResult.of(new RetrievedContext(
                r.databaseId(), tables, hints, docs, packet, metadata, expansion, bridging, questionVector));
    }

    /**
     * Each table as the packet shows it. The leading retrieved tables are written in full up to their token budget;
     * above it they keep their keys, joining and matched columns in full and name the rest ({@link
     * WideTableRenderer}). Every other table (later ranks, foreign-key neighbours, bridges) is written briefly ({@link
     * BriefTableRenderer}): keys, joining and matched columns without their comments, and the rest named within the
     * smaller budget. The less sure the selection is of a table, the fewer of the packet's tokens it takes, while
     * every table the selection holds stays in the packet. A table that stands for its family is written the same way
     * under the family's header ({@link FamilyHeader}). The full-schema fallback writes every table in full, and so
     * does a budget of 0.
     */
    private static List<String> tableTexts(
            ResolvedRequest r,
            List<SelectedTable> tables,
            List<TableName> names,
            Map<TableName, Set<String>> hitColumns,
            PacketFormat format) {
        RetrievalSettings s = r.settings();
        List<Integer> budgets = new ArrayList<>();
        List<Boolean> leading = new ArrayList<>();
        for (int i = 0; i < tables.size(); i++) {
            SelectedTable t = tables.get(i);
            boolean detailed = t.reason() == SelectionReason.RETRIEVED && i < s.packetDetailedTables();
            leading.add(detailed);
            budgets.add(
                    t.reason() == SelectionReason.FULL_SCHEMA
                            ? 0
                            : detailed ? s.packetTableMaxTokens() : s.packetOtherTableMaxTokens());
        }
        List<Boolean> inFull = new ArrayList<>();
        for (int i = 0; i < tables.size(); i++) {
            int budget = budgets.get(i);
            inFull.add(budget == 0
                    || leading.get(i)
                            && r.database().tokens(List.of(tables.get(i).table()), format) <= budget);
        }
        List<ForeignKeyEdge> edges =
                inFull.contains(false) ? r.database().graph().edgesWithin(names) : List.of();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < tables.size(); i++) {
            SelectedTable t = tables.get(i);
            String text = text(r, t, inFull.get(i), leading.get(i), budgets.get(i), edges, hitColumns, format);
            texts.add(t.family()
                    .map(family -> FamilyHeader.above(
                            text, family, t.table(), r.database().dialect()))
                    .orElse(text));
        }
        return texts;
    }

    /** One table as the packet shows it: in full, narrowed to its budget as a leading table, or briefly. */
    private static String text(
            ResolvedRequest r,
            SelectedTable t,
            boolean inFull,
            boolean leading,
            int budget,
            List<ForeignKeyEdge> edges,
            Map<TableName, Set<String>> hitColumns,
            PacketFormat format) {
        String full = r.database().text(t.table(), format);
        if (inFull) return full;
        Table definition = r.database().definition(t.table());
        // A brief table keeps the columns the question names, not every column the column search came near: those
        // are named with the rest, and a table past the leading ones rarely needs them all.
        Set<String> kept = KeptColumns.of(
                definition,
                edges,
                leading ? hitColumns.getOrDefault(t.table(), Set.of()) : Set.of(),
                r.request().question());
        return leading
                ? WideTableRenderer.render(
                        definition, kept, full, budget, format, r.database().dialect())
                : BriefTableRenderer.render(
                        definition, kept, full, budget, format, r.database().dialect());
    }

    private static Map<String, Double> selectionMetrics(Selection selection) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put(TABLE_HITS, (double) selection.dense().tableHits());
        metrics.put(COLUMN_HITS, (double) selection.dense().columnHits());
        metrics.put(AVG_TABLE_SIMILARITY, selection.dense().avgTableSimilarity());
        metrics.put(AVG_COLUMN_SIMILARITY, selection.dense().avgColumnSimilarity());
        metrics.put(COLUMN_HITS_PER_TABLE, selection.dense().columnHitsPerTable());
        metrics.put(TABLES_ONLY_VIA_COLUMNS, (double) selection.dense().tablesOnlyViaColumns());
        metrics.put(LEXICAL_HITS, (double) selection.lexicalHits());
        metrics.put(TABLES_ONLY_VIA_LEXICAL, (double) selection.onlyViaLexical());
        metrics.put(FK_CANDIDATES, (double) selection.expansion().candidates().size());
        metrics.put(FK_ADDED, (double) selection.expansion().added().size());
        metrics.put(FK_BLOCKED, (double) selection.expansion().blocked().size());
        metrics.put(FK_CAPPED, (double) selection.expansion().capped().size());
        metrics.put(BRIDGES_ADDED, (double) selection.bridging().added().size());
        metrics.put(
                UNCONNECTED_TABLES, (double) selection.bridging().unconnected().size());
        return metrics;
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }

    /** Why a database without a catalog in the store gets no context. */
    private static String unknown(String databaseId) {
        return "database '" + databaseId + "' has no catalog in the store: not registered, or not synced yet";
    }
}
