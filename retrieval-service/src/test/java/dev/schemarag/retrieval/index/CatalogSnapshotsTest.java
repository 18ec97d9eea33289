package dev.schemarag.retrieval.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CatalogSnapshotsTest {
    private final CatalogSnapshots<Snapshot> snapshots = new CatalogSnapshots<>(Snapshot::version);
    private final Store store = new Store();

    @Test
    void theFirstGetLoadsInFullAndLaterVersionsApplyChanges() {
        assertThat(snapshots.get("db", "1", store)).contains(new Snapshot("1", "full"));
        store.version = "2";
        assertThat(snapshots.get("db", "2", store)).contains(new Snapshot("2", "full+changes"));
        assertThat(snapshots.get("db", "2", store)).contains(new Snapshot("2", "full+changes"));
        assertThat(store.calls).containsExactly("load", "apply 1");
    }

    @Test
    void changesThatCannotBeHadMeanAFullLoad() {
        snapshots.get("db", "1", store);
        store.version = "2";
        store.feed = false;

        assertThat(snapshots.get("db", "2", store)).contains(new Snapshot("2", "full"));
        assertThat(store.calls).containsExactly("load", "apply 1", "load");
    }

    @Test
    void aDatabaseThatIsGoneIsForgotten() {
        snapshots.get("db", "1", store);
        store.version = null;
        store.feed = false;

        assertThat(snapshots.get("db", "2", store)).isEmpty();
        assertThat(snapshots.last("db")).isEmpty();
    }

    @Test
    void whileOneThreadAppliesAChangeOthersGetThePreviousSnapshotWithoutWaiting() throws Exception {
        snapshots.get("db", "1", store);
        store.version = "2";
        store.applying = new CountDownLatch(1);
        store.release = new CountDownLatch(1);
        CompletableFuture<Optional<Snapshot>> applier =
                CompletableFuture.supplyAsync(() -> snapshots.get("db", "2", store));
        assertThat(store.applying.await(10, TimeUnit.SECONDS)).isTrue();

        assertThat(snapshots.get("db", "2", store)).contains(new Snapshot("1", "full"));

        store.release.countDown();
        assertThat(applier.get(10, TimeUnit.SECONDS)).contains(new Snapshot("2", "full+changes"));
        assertThat(snapshots.get("db", "2", store)).contains(new Snapshot("2", "full+changes"));
        assertThat(store.calls).containsExactly("load", "apply 1");
    }

    private record Snapshot(String version, String how) {}

    private static final class Store implements CatalogSnapshots.Refresh<Snapshot> {
        volatile String version = "1";
        volatile boolean feed = true;
        volatile CountDownLatch applying;
        volatile CountDownLatch release;
        final List<String> calls = new ArrayList<>();

        @Override
        public Optional<Snapshot> load(String databaseId) {
            calls.add("load");
            return Optional.ofNullable(version).map(v -> new Snapshot(v, "full"));
        }

        @Override
        public Optional<Snapshot> apply(String databaseId, Snapshot held) {
            calls.add("apply " + held.version());
            if (applying != null) {
                applying.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return feed ? Optional.of(new Snapshot(version, held.how() + "+changes")) : Optional.empty();
        }
    }
}
