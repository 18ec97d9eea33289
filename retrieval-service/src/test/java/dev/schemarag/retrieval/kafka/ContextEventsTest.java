package dev.schemarag.retrieval.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.events.QuestionAsked;
import dev.schemarag.retrieval.RetrievalRequest;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContextEventsTest {
    @Test
    void aQuestionBecomesARequestWithItsOverridesAndSchemaScope() {
        QuestionAsked q = QuestionAsked.newBuilder()
                .setId("q1")
                .setDatabaseId("warehouse")
                .setQuestion("Top customers?")
                .setEvidence("top = by revenue")
                .setUseRetrieval(true)
                .setCorrelationId("c1")
                .setTimestamp(Instant.EPOCH)
                .setRetrievalSettings(Map.of("retrieval.table.topk", "20", ContextEvents.SCHEMAS_SETTING, "sales, crm"))
                .build();

        RetrievalRequest request = ContextEvents.toRequest(q);

        assertThat(request.databaseId()).isEqualTo("warehouse");
        assertThat(request.evidence()).isEqualTo("top = by revenue");
        assertThat(request.useRetrieval()).isTrue();
        assertThat(request.schemas()).containsExactlyInAnyOrder("sales", "crm");
        assertThat(request.settings()).containsExactly(Map.entry("retrieval.table.topk", "20"));
    }

    @Test
    void withoutOverridesTheStrategyIsLeftToTheRetriever() {
        QuestionAsked q = QuestionAsked.newBuilder()
                .setId("q1")
                .setDatabaseId("erp")
                .setQuestion("How many staff?")
                .setCorrelationId("c1")
                .setTimestamp(Instant.EPOCH)
                .build();

        RetrievalRequest request = ContextEvents.toRequest(q);

        assertThat(request.useRetrieval()).isNull();
        assertThat(request.schemas()).isEmpty();
    }
}
