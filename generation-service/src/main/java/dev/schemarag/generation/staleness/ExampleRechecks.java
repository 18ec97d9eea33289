package dev.schemarag.generation.staleness;

import dev.schemarag.generation.examples.ExampleStoreException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * After a schema change of a table: plans again every served or quarantined example whose SQL may read
 * it, quarantines those that broke and restores those that plan again. Examples with the same SQL (a documented query
 * is stored once per embedding model) are planned once.
 */
public final class ExampleRechecks {
    private static final Logger log = LoggerFactory.getLogger(ExampleRechecks.class);

    private final DependentExamples examples;
    private final ExampleReplanner replanner;

    public ExampleRechecks(DependentExamples examples, ExampleReplanner replanner) {
        this.examples = examples;
        this.replanner = replanner;
    }

    /** The examples the change of {@code schema.table} quarantined or restored, in the order they were checked. */
    public List<ExampleStateChange> afterChange(String databaseId, String schema, String table)
            throws ExampleStoreException {
        List<StoredExample> touched = examples.reading(databaseId, schema, table).stream()
                .filter(e -> e.reads().touchedBy(schema, table))
                .toList();
        if (touched.isEmpty()) return List.of();
        Map<String, Replan> replans = new HashMap<>();
        List<Applied> applied = new ArrayList<>();
        for (StoredExample example : touched) {
            Replan replan = replans.computeIfAbsent(example.sql(), sql -> replanner.replan(databaseId, sql));
            if (replan instanceof Replan.Undecided undecided)
                log.warn(
                        "example {} of database {} could not be checked again, it stays as it is: {}",
                        example.id(),
                        databaseId,
                        undecided.reason());
            Optional<ExampleStateChange.State> next = ExampleStateChange.next(example.quarantined(), replan);
            if (next.isEmpty()) continue;
            Replan.Broken cause = replan instanceof Replan.Broken broken ? broken : null;
            if (cause != null) examples.quarantine(example.id(), cause);
            else examples.restore(example.id());
            applied.add(new Applied(example, next.get(), cause));
        }
        String changedTable = schema + "." + table;
        log.info(
                "re-checked {} example(s) of database {} after a change of {}: {} quarantined or restored",
                touched.size(),
                databaseId,
                changedTable,
                applied.size());
        if (applied.isEmpty()) return List.of();
        // Read after the quarantines: taking a documented query out of the packets is a catalog change itself.
        String version = examples.catalogVersion(databaseId).orElse(null);
        return applied.stream()
                .map(a -> new ExampleStateChange(a.example(), a.state(), a.cause(), changedTable, version))
                .toList();
    }

    private record Applied(StoredExample example, ExampleStateChange.State state, Replan.Broken cause) {}
}
