package dev.schemarag.generation.examples;

import static dev.schemarag.events.FeedbackVerdict.APPROVE;
import static dev.schemarag.events.FeedbackVerdict.REJECT;
import static dev.schemarag.generation.examples.ExampleStatus.APPROVED;
import static dev.schemarag.generation.examples.ExampleStatus.CANDIDATE;
import static dev.schemarag.generation.examples.ExampleStatus.DOCUMENTED;
import static dev.schemarag.generation.examples.ExampleStatus.REJECTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExampleStatusTest {

    @Test
    void onlyDocumentedQueriesAndApprovedAnswersAreServedOffline() {
        assertThat(DOCUMENTED.servedOffline()).isTrue();
        assertThat(APPROVED.servedOffline()).isTrue();
        assertThat(CANDIDATE.servedOffline()).isFalse();
        assertThat(REJECTED.servedOffline()).isFalse();
        assertThat(ExampleStatus.served()).containsExactly(DOCUMENTED, APPROVED);
    }

    @Test
    void aCandidateIsApprovedOrRejectedByAPerson() {
        assertThat(CANDIDATE.after(APPROVE)).isEqualTo(APPROVED);
        assertThat(CANDIDATE.after(REJECT)).isEqualTo(REJECTED);
    }

    @Test
    void anApprovalCanBeWithdrawnButARejectionIsFinal() {
        assertThat(APPROVED.after(REJECT)).isEqualTo(REJECTED);
        assertThat(APPROVED.after(APPROVE)).isEqualTo(APPROVED);
        assertThat(REJECTED.after(APPROVE)).isEqualTo(REJECTED);
        assertThat(REJECTED.after(REJECT)).isEqualTo(REJECTED);
    }

    @Test
    void documentedQueriesChangeOnlyWithTheDocs() {
        assertThat(DOCUMENTED.after(REJECT)).isEqualTo(DOCUMENTED);
        assertThat(DOCUMENTED.after(APPROVE)).isEqualTo(DOCUMENTED);
    }

    @Test
    void wireNamesAreTheStoredStatusValues() {
        for (ExampleStatus status : ExampleStatus.values())
            assertThat(ExampleStatus.fromWireName(status.wireName())).isEqualTo(status);
        assertThat(CANDIDATE.wireName()).isEqualTo("candidate");
    }
}
