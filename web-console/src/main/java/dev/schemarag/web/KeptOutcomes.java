package dev.schemarag.web;

import dev.schemarag.core.questions.OutcomeView;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The outcome event of each question by id, for {@code GET /api/questions/{id}}: at most {@code maxOutcomes}, and of
 * those at most {@code maxResults} with rows, since each of these may weigh up to the execution's byte cap. The oldest
 * are forgotten first. Not thread-safe: {@link EventFeed} holds its lock around it.
 */
final class KeptOutcomes {
    private final int maxResults;
    private final Map<String, ConsoleEvent> outcomes;
    /** The ids of the kept outcomes that carry rows, oldest first. */
    private final Deque<String> resultIds = new ArrayDeque<>();

    KeptOutcomes(int maxOutcomes, int maxResults) {
        this.maxResults = maxResults;
        this.outcomes = new LinkedHashMap<>(16, 0.75f, false) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, ConsoleEvent> eldest) {
                return size() > maxOutcomes;
            }
        };
    }

    /** Keeps {@code event} (which carries an outcome) as the outcome of {@code id}, in place of an earlier one. */
    void keep(String id, ConsoleEvent event) {
        outcomes.put(id, event);
        resultIds.remove(id);
        if (!(event.outcome() instanceof OutcomeView.Answered a && a.executed())) return;
        resultIds.addLast(id);
        if (resultIds.size() > maxResults) outcomes.remove(resultIds.removeFirst());
    }

    /** The outcome event of {@code id}, or null. */
    ConsoleEvent get(String id) {
        return outcomes.get(id);
    }
}
