package dev.schemarag.ingest.updater;

import dev.schemarag.events.SchemaChanged;
import dev.schemarag.ingest.changes.SchemaChangeMapper;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which changes of the schema-changes topic a refresh already applied because it began after them. A refresh reads
 * the table as the database has it when it runs, so once a refresh of a table began while the partition already held
 * offset N, every change of that table at or below N (committed before it was captured) is in what it read: applying
 * it again would re-read, re-compare and re-publish the same state. A burst of 100 changes to one table then costs a
 * few refreshes instead of 100.
 *
 * <p>Only a change that names one table and no previous name can be covered: a rename's refresh reads the old name
 * too, and a privilege change reads the whole database's access. Kept in memory by one task: it is cleared whenever
 * the task (re)starts, so records processed again after an aborted transaction are applied again.
 */
public final class RefreshCoverage {
    private record Position(int partition, long offset) {}

    private final Map<List<String>, Position> covered = new HashMap<>();

    /** Whether a refresh that began after the change at this partition and offset has applied its table. */
    public boolean covers(SchemaChanged change, int partition, long offset) {
        if (!coverable(change)) return false;
        Position position = covered.get(table(change));
        return position != null && position.partition() == partition && offset <= position.offset();
    }

    /**
     * The change's refresh succeeded; it began when the partition held {@code newestBefore} (at least the change's
     * own offset), so it covers the table's changes up to there.
     */
    public void refreshed(SchemaChanged change, int partition, long newestBefore) {
        if (blank(change.getDatabaseId()) || blank(change.getSchema$()) || blank(change.getTable())) return;
        covered.merge(
                table(change),
                new Position(partition, newestBefore),
                (old, now) -> old.partition() == now.partition() && old.offset() > now.offset() ? old : now);
    }

    public void clear() {
        covered.clear();
    }

    private static boolean coverable(SchemaChanged change) {
        return !SchemaChangeMapper.changesAccess(change.getCommandTag())
                && blank(change.getPreviousTable())
                && !blank(change.getDatabaseId())
                && !blank(change.getSchema$())
                && !blank(change.getTable());
    }

    private static List<String> table(SchemaChanged change) {
        return List.of(change.getDatabaseId(), change.getSchema$(), change.getTable());
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
