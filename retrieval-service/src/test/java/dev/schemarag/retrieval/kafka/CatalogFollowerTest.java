package dev.schemarag.retrieval.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.core.store.CatalogChangeWait;
import dev.schemarag.retrieval.ErpCatalog;
import dev.schemarag.retrieval.FakeSchemaIndex;
import dev.schemarag.retrieval.FallbackReason;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CatalogFollowerTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String QUESTION = "Which employees took sick leave last year?";

    private final FakeSchemaIndex index = new FakeSchemaIndex("erp", ErpCatalog.TABLES);
    private final SchemaRetriever retriever =
            new SchemaRetriever(index, new FakeEmbeddingModel(), RetrievalSettings.defaults(), 16);
    private final List<List<String>> warmed = new CopyOnWriteArrayList<>();

    /** A store that notifies nothing: every check waits the whole interval. */
    private static final CatalogChangeWait UNNOTIFIED = max -> {
        Thread.sleep(max.toMillis());
        return false;
    };

    @Test
    void givenAStartedFollower_whenTheStoreChanges_thenQuestionsGetTheChangeAppliedInTheBackground() throws Exception {
        try (CatalogFollower follower = new CatalogFollower(retriever, UNNOTIFIED, Duration.ofMillis(5))) {
            assertThat(follower.readiness().check().up()).isFalse();
            follower.start(warmed::add);
            await("warmed up")
                    .atMost(WAIT)
                    .until(() -> follower.readiness().check().up());
            assertThat(warmed).containsExactly(List.of("erp"));

            index.replaceCatalog("v2", ErpCatalog.TABLES, List.of(), "another-model");

            await("change applied").atMost(WAIT).until(() -> fallbackReason() == FallbackReason.OTHER_MODEL_INDEX);
        }
    }

    @Test
    void givenAStoreOutage_whenItEnds_thenTheFollowerAppliesWhatChangedMeanwhile() throws Exception {
        try (CatalogFollower follower = new CatalogFollower(retriever, UNNOTIFIED, Duration.ofMillis(5))) {
            follower.start(warmed::add);
            await("warmed up")
                    .atMost(WAIT)
                    .until(() -> follower.readiness().check().up());
            index.loadFailure = new IllegalStateException("connection refused");
            index.replaceCatalog("v2", ErpCatalog.TABLES, List.of(), "another-model");
            int before = index.listings();

            await("polls that fail").atMost(WAIT).until(() -> index.listings() >= before + 5);
            assertThat(fallbackReason()).isNotEqualTo(FallbackReason.OTHER_MODEL_INDEX);
            assertThat(follower.readiness().check().up()).isTrue();

            index.loadFailure = null;
            await("change applied").atMost(WAIT).until(() -> fallbackReason() == FallbackReason.OTHER_MODEL_INDEX);
        }
    }

    @Test
    void givenANotification_whenAChangeCommits_thenItIsAppliedWithoutWaitingForTheCheckInterval() throws Exception {
        Semaphore notified = new Semaphore(0);
        CatalogChangeWait wait = max -> notified.tryAcquire(max.toMillis(), TimeUnit.MILLISECONDS);
        try (CatalogFollower follower = new CatalogFollower(retriever, wait, Duration.ofHours(1))) {
            follower.start(warmed::add);
            await("warmed up")
                    .atMost(WAIT)
                    .until(() -> follower.readiness().check().up());
            index.replaceCatalog("v2", ErpCatalog.TABLES, List.of(), "another-model");
            assertThat(fallbackReason()).isNotEqualTo(FallbackReason.OTHER_MODEL_INDEX); // not checked yet

            notified.release();

            await("change applied").atMost(WAIT).until(() -> fallbackReason() == FallbackReason.OTHER_MODEL_INDEX);
        }
    }

    private FallbackReason fallbackReason() {
        RetrievalResult result = retriever.retrieve(RetrievalRequest.of("erp", QUESTION));
        assertThat(result).isInstanceOf(RetrievalResult.Retrieved.class);
        return ((RetrievalResult.Retrieved) result).context().metadata().fallbackReason();
    }
}
