package dev.schemarag.retrieval;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.SchemaIndex;
import dev.schemarag.retrieval.routing.RouteCandidate;
import dev.schemarag.retrieval.routing.RouteEvidence;
import dev.schemarag.retrieval.routing.RouteSearch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The searches that route a question without a database: in each candidate database, as the asker's role may read it,
 * the question's best table, column and BM25 hits, and which of its terms the database's texts hold. Each database is
 * searched once, over the schemas of all its candidates, and each hit counts for the candidates holding its schema.
 */
final class RouteSearches {
    private final SchemaIndex index;
    private final PreparedDatabases databases;
    private final EmbeddingCache embeddings;

    RouteSearches(SchemaIndex index, PreparedDatabases databases, EmbeddingCache embeddings) {
        this.index = index;
        this.databases = databases;
        this.embeddings = embeddings;
    }

    /** What the question's searches find in each candidate its asker may read something of, in the candidates' order. */
    List<RouteEvidence> evidence(
            RetrievalRequest request, List<RouteCandidate> candidates, RetrievalSettings effective) {
        String text = request.searchText();
        Map<String, List<RouteCandidate>> byDatabase = new LinkedHashMap<>();
        candidates.forEach(c -> byDatabase
                .computeIfAbsent(c.databaseId(), id -> new ArrayList<>())
                .add(c));
        List<RouteEvidence> evidence = new ArrayList<>();
        float[] query = null;
        for (Map.Entry<String, List<RouteCandidate>> entry : byDatabase.entrySet()) {
            String databaseId = entry.getKey();
            Optional<PreparedDatabase> loaded = databases.get(databaseId);
            if (loaded.isEmpty() || !loaded.get().database().principals().admits(request.asker())) continue;
            PreparedDatabase database = loaded.get()
                    .database()
                    .principals()
                    .roleOf(request.asker())
                    .map(loaded.get()::readableBy)
                    .orElse(loaded.get());
            List<RouteCandidate> readable = entry.getValue().stream()
                    .filter(c -> !database.tablesIn(c.schemas()).isEmpty())
                    .toList();
            if (readable.isEmpty()) continue;
            if (query == null) query = embeddings.embed(text);
            Set<String> schemas = readable.stream().anyMatch(c -> c.schemas().isEmpty())
                    ? Set.of()
                    : readable.stream().flatMap(c -> c.schemas().stream()).collect(Collectors.toSet());
            // Candidates that cover every schema search the whole catalog: no filter to apply to each hit.
            if (database.tablesIn(schemas).size() == database.tablesIn(Set.of()).size()) schemas = Set.of();
            RouteSearch search = new RouteSearch(
                    index.searchTables(databaseId, schemas, query, RouteSearch.TOP_K).stream()
                            .filter(hit -> database.contains(hit.table()))
                            .toList(),
                    index.searchColumns(databaseId, schemas, query, RouteSearch.TOP_K).stream()
                            .filter(hit -> !hit.generic() && database.hasColumn(hit.table(), hit.column()))
                            .toList(),
                    effective.lexicalEnabled()
                            ? database.lexical()
                                    .search(
                                            text,
                                            schemas,
                                            RouteSearch.TOP_K,
                                            effective.lexicalBm25K1(),
                                            effective.lexicalBm25B())
                            : List.of(),
                    schemasHolding(database.lexical().tablesHolding(text, schemas)));
            readable.forEach(c -> evidence.add(search.evidenceFor(c)));
        }
        return evidence;
    }

    /** Each term with the schemas of the tables holding it. */
    private static Map<String, Set<String>> schemasHolding(Map<String, Set<TableName>> tablesHolding) {
        Map<String, Set<String>> schemas = new LinkedHashMap<>();
        tablesHolding.forEach((term, tables) ->
                schemas.put(term, tables.stream().map(TableName::schema).collect(Collectors.toSet())));
        return schemas;
    }
}
