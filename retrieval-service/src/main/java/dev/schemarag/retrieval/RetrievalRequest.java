package dev.schemarag.retrieval;

import dev.schemarag.core.config.Asker;
import dev.schemarag.retrieval.config.RetrievalSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A question to find schema context for.
 *
 * @param databaseId   the database to search; {@code null} or blank routes the question to the database its evidence
 *                     points to
 * @param evidence     optional caller-supplied hint, embedded and searched together with the question
 * @param useRetrieval {@code true} forces RAG, {@code false} the full schema, {@code null} lets the settings decide
 * @param schemas      schemas to search; empty means the whole catalog
 * @param settings     per-question overrides of {@link RetrievalSettings}, by key
 * @param maxTables    at most this many tables in the packet, over {@code settings}; {@code null} lets them decide
 * @param asker        who asks: the context holds only what the role the database maps it to may read
 */
public record RetrievalRequest(
        String databaseId,
        String question,
        String evidence,
        Boolean useRetrieval,
        Set<String> schemas,
        Map<String, String> settings,
        Integer maxTables,
        Asker asker) {
    /** @throws IllegalArgumentException when {@code maxTables} is outside what {@link RetrievalSettings#MAX_TABLES} accepts */
    public RetrievalRequest {
        if (maxTables != null && !RetrievalSettings.MAX_TABLES.valid().test(maxTables))
            throw new IllegalArgumentException(
                    "maxTables must be " + RetrievalSettings.MAX_TABLES.validDescription() + ", not " + maxTables);
        Set<String> cleanSchemas = new TreeSet<>();
        if (schemas != null)
            schemas.stream()
                    .filter(s -> s != null && !s.isBlank())
                    .map(String::trim)
                    .forEach(cleanSchemas::add);
        schemas = Set.copyOf(cleanSchemas);
        Map<String, String> cleanSettings = new LinkedHashMap<>();
        if (settings != null)
            settings.forEach((k, v) -> {
                if (k != null && v != null) cleanSettings.put(k, v);
            });
        settings = Map.copyOf(cleanSettings);
        if (asker == null) asker = Asker.ANONYMOUS;
    }

    public static RetrievalRequest of(String databaseId, String question) {
        return new RetrievalRequest(databaseId, question, null, null, Set.of(), Map.of(), null, Asker.ANONYMOUS);
    }

    public RetrievalRequest withDatabaseId(String databaseId) {
        return new RetrievalRequest(databaseId, question, evidence, useRetrieval, schemas, settings, maxTables, asker);
    }

    public RetrievalRequest withSchemas(Set<String> schemas) {
        return new RetrievalRequest(databaseId, question, evidence, useRetrieval, schemas, settings, maxTables, asker);
    }

    public RetrievalRequest withUseRetrieval(Boolean useRetrieval) {
        return new RetrievalRequest(databaseId, question, evidence, useRetrieval, schemas, settings, maxTables, asker);
    }

    public RetrievalRequest withEvidence(String evidence) {
        return new RetrievalRequest(databaseId, question, evidence, useRetrieval, schemas, settings, maxTables, asker);
    }

    public RetrievalRequest withSettings(Map<String, String> settings) {
        return new RetrievalRequest(databaseId, question, evidence, useRetrieval, schemas, settings, maxTables, asker);
    }

    /** @throws IllegalArgumentException when {@code maxTables} is out of range */
    public RetrievalRequest withMaxTables(Integer maxTables) {
        return new RetrievalRequest(databaseId, question, evidence, useRetrieval, schemas, settings, maxTables, asker);
    }

    public RetrievalRequest withAsker(Asker asker) {
        return new RetrievalRequest(databaseId, question, evidence, useRetrieval, schemas, settings, maxTables, asker);
    }

    /** The text that is embedded and searched: the question, followed by the evidence when there is any. */
    public String searchText() {
        return evidence == null || evidence.isBlank() ? question : question + "\n" + evidence;
    }
}
