package dev.schemarag.retrieval.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.questions.AnswerCacheProbing;
import dev.schemarag.core.questions.QuestionText;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.config.RetrievalSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which questions the answer cache's front probes, what it asks the cache, and what a hit carries on. */
class CacheFrontTest {
    private static final String QUESTION = "How many employees are in each department?";

    /** The cache: one entry, for alice's question on erp; records every probe. */
    private final List<String> probes = new ArrayList<>();

    private boolean failing;

    private final AnswerCacheProbe probe = (databaseId, principal, questionHash) -> {
        probes.add(databaseId + "|" + principal);
        if (failing) throw new IllegalStateException("store down");
        return databaseId.equals("erp")
                        && principal.equals("alice")
                        && questionHash.equals(QuestionText.hash(QUESTION, "active only"))
                ? Optional.of(CachedAnswerHits.of(databaseId, "q-0", questionHash))
                : Optional.empty();
    };

    private final CacheFront front = new CacheFront(probe, RetrievalSettings.defaults());

    private static RetrievalRequest asked(String databaseId, String question, String principal) {
        return RetrievalRequest.of(databaseId, question)
                .withEvidence("active only")
                .withAsker(Asker.of(principal));
    }

    @Test
    void theSameQuestionOfTheSamePrincipalOnTheSameDatabaseIsAHit() {
        assertThat(front.probe(asked("erp", "how many  EMPLOYEES are in each department", "alice")))
                .contains(CachedAnswerHits.of("erp", "q-0", QuestionText.hash(QUESTION, "active only")));
        assertThat(front.probe(asked("erp", QUESTION, "bob"))).isEmpty();
        assertThat(front.probe(asked("erp", QUESTION, null))).isEmpty();
        assertThat(front.probe(asked("crm", QUESTION, "alice"))).isEmpty();
        assertThat(front.probe(asked("erp", QUESTION, "alice").withEvidence(null)))
                .isEmpty();
        assertThat(probes).containsExactly("erp|alice", "erp|bob", "erp|", "crm|alice", "erp|alice");
    }

    @Test
    void whatRetrievalWouldRefuseOrRouteIsNotProbed() {
        assertThat(front.probe(asked(null, QUESTION, "alice"))).isEmpty();
        assertThat(front.probe(asked(" ", QUESTION, "alice"))).isEmpty();
        assertThat(front.probe(asked("erp", " ", "alice"))).isEmpty();
        assertThat(front.probe(asked("erp", QUESTION + "x".repeat(5000), "alice")))
                .isEmpty();
        assertThat(front.probe(asked("erp", QUESTION, "alice").withSettings(Map.of("retrieval.table.topk", "-1"))))
                .isEmpty();
        assertThat(probes).isEmpty();
    }

    @Test
    void theProbeSettingTurnsItOffPerQuestionOrForTheService() {
        assertThat(front.probe(
                        asked("erp", QUESTION, "alice").withSettings(Map.of(AnswerCacheProbing.SETTING, "false"))))
                .isEmpty();
        CacheFront off = new CacheFront(
                probe, RetrievalSettings.defaults().withOverrides(Map.of(AnswerCacheProbing.SETTING, "false")));
        assertThat(off.probe(asked("erp", QUESTION, "alice"))).isEmpty();
        assertThat(CacheFront.OFF.probe(asked("erp", QUESTION, "alice"))).isEmpty();
        assertThat(probes).isEmpty();
    }

    @Test
    void aStoreThatCannotBeReadIsAMiss() {
        failing = true;

        assertThat(front.probe(asked("erp", QUESTION, "alice"))).isEmpty();
        assertThat(probes).containsExactly("erp|alice");
    }
}
