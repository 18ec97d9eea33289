package dev.schemarag.web;

import dev.schemarag.core.admin.Caller;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.TopicTail;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Follows the answers, the results, every dead-letter topic, the schema changes and the schema catalog with
 * {@code read_committed} from where they end when the console starts, as any dashboard would: assigned partitions, no
 * consumer group, so it never joins or disturbs a service's group. It keeps each question's outcome by id (bounded,
 * and those with rows to the last {@value #KEPT_RESULTS}), the last events for a page that opens later, and hands every
 * event to the subscribers of the event stream (without the rows, which stay with the outcome).
 */
final class EventFeed implements AutoCloseable {
    static final int RECENT_EVENTS = 200;
    /** Outcomes kept for {@code GET /api/questions/{id}}: the oldest are forgotten first. */
    static final int KEPT_OUTCOMES = 10_000;
    /** Outcomes with rows kept: each may weigh up to the execution's byte cap, so far fewer. */
    static final int KEPT_RESULTS = 100;

    private final TopicTail tail;
    private final Deque<ConsoleEvent> recent = new ArrayDeque<>();
    private final KeptOutcomes outcomes = new KeptOutcomes(KEPT_OUTCOMES, KEPT_RESULTS);
    private final Map<String, Long> askedAt = bounded();
    /** The principal that asked each question through this console; the operator's questions are not here. */
    private final Map<String, String> askedByPrincipal = bounded();
    /** Per database, its last schema change and, once the catalog update for it arrives, its freshness. */
    private final Map<String, Map<String, Object>> lastChangeByDatabase = new HashMap<>();

    private final List<Consumer<ConsoleEvent>> subscribers = new CopyOnWriteArrayList<>();

    EventFeed(String bootstrapServers, KafkaClientSecurity security, EventRecords records) {
        tail = new TopicTail(
                security.clientConfig(bootstrapServers),
                records.topicNames(),
                TopicTail.From.END,
                "web-event-feed",
                polled -> polled.forEach(r -> records.toEvent(r).ifPresent(this::publish)));
    }

    private static <V> Map<String, V> bounded() {
        return new LinkedHashMap<>(16, 0.75f, false) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > KEPT_OUTCOMES;
            }
        };
    }

    private void publish(ConsoleEvent event) {
        synchronized (this) {
            Object id = event.data().get("id");
            if (id != null && event.outcome() != null) {
                Long asked = askedAt.remove(id.toString());
                // When it is read, not its record timestamp: Kafka Streams gives an output its input's timestamp.
                if (asked != null) event.data().put("latencyMs", Math.max(0, System.currentTimeMillis() - asked));
                outcomes.keep(id.toString(), event);
            }
            Object db = event.data().get("databaseId");
            if (db != null && event.type().equals("schema_change"))
                lastChangeByDatabase.put(db.toString(), new LinkedHashMap<>(event.data()));
            if (db != null
                    && event.type().equals("catalog_update")
                    && event.data().get("freshnessMs") != null) {
                Map<String, Object> last = lastChangeByDatabase.get(db.toString());
                if (last != null && last.get("table").equals(event.data().get("table")))
                    last.put("freshnessMs", event.data().get("freshnessMs"));
            }
            ConsoleEvent shown = event.withoutOutcome();
            recent.addLast(shown);
            if (recent.size() > RECENT_EVENTS) recent.removeFirst();
            notifyAll();
            // Under the lock, so a stream that subscribes meanwhile gets each event once: from recent or from here.
            // Subscribers only queue the event, so this never blocks.
            for (Consumer<ConsoleEvent> s : subscribers) s.accept(shown);
        }
    }

    /** Remembers when a question was asked here, for its end-to-end latency, and by whom. */
    synchronized void asked(String id, long atMs, Caller caller) {
        askedAt.put(id, atMs);
        if (caller instanceof Caller.Principal principal) askedByPrincipal.put(id, principal.name());
    }

    /** Whether {@code caller} may read the outcome of {@code id}: the operator any, a principal its own. */
    synchronized boolean askedBy(String id, Caller caller) {
        return !(caller instanceof Caller.Principal principal)
                || principal.name().equals(askedByPrincipal.get(id));
    }

    /** Whether the question was asked through this console and has no outcome yet. */
    synchronized boolean pending(String id) {
        return askedAt.containsKey(id);
    }

    synchronized Optional<ConsoleEvent> outcome(String id) {
        return Optional.ofNullable(outcomes.get(id));
    }

    /** Waits up to {@code timeout} for the outcome of {@code id}. */
    synchronized Optional<ConsoleEvent> awaitOutcome(String id, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (outcomes.get(id) == null) {
            long left = deadline - System.nanoTime();
            if (left <= 0) break;
            wait(Math.max(1, left / 1_000_000));
        }
        return Optional.ofNullable(outcomes.get(id));
    }

    synchronized Optional<Map<String, Object>> lastChange(String databaseId) {
        return Optional.ofNullable(lastChangeByDatabase.get(databaseId)).map(LinkedHashMap::new);
    }

    /** The recent events, then every new one, to {@code subscriber}; the returned handle stops it. */
    Runnable subscribe(Consumer<ConsoleEvent> subscriber) {
        synchronized (this) {
            recent.forEach(subscriber);
            subscribers.add(subscriber);
        }
        return () -> subscribers.remove(subscriber);
    }

    boolean running() {
        return tail.running();
    }

    @Override
    public void close() {
        tail.close();
    }
}
