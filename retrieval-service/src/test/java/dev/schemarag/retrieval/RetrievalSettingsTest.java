package dev.schemarag.retrieval;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetrievalSettingsTest {
    private final RetrievalSettings defaults = RetrievalSettings.defaults();

    @Test
    void defaultsAreTheDesignValuesExceptWhereTheBenchmarkShowedBetter() {
        assertThat(defaults.tableTopK()).isEqualTo(15);
        assertThat(defaults.tableMinSimilarity()).isEqualTo(0.20);
        assertThat(defaults.columnTopK()).isEqualTo(50);
        assertThat(defaults.columnMinSimilarity()).isEqualTo(0.18);
        assertThat(defaults.minTablesForRetrieval()).isEqualTo(10);
        assertThat(defaults.selectTopK()).isEqualTo(10);
        assertThat(defaults.fkMaxAdded()).isEqualTo(3);
        assertThat(defaults.evidenceMinScore()).isEqualTo(0.20);
        // measured on spider-union (see RetrievalSettings.defaults)
        assertThat(defaults.rrfK()).isEqualTo(5);
        assertThat(defaults.rrfLexicalWeight()).isEqualTo(0.5);
        assertThat(defaults.evidenceTopK()).isEqualTo(30);
        assertThat(defaults.selectMinTables()).isEqualTo(3);
        assertThat(defaults.selectRelativeCutoff()).isEqualTo(0.45);
        assertThat(defaults.fkParentsOfTop()).isEqualTo(2);
        assertThat(defaults.maxTables()).isEqualTo(12);
        assertThat(defaults.joinHintFormat()).isEqualTo(JoinHintFormat.EDGES);
        assertThat(defaults.maxQuestionBytes()).isEqualTo(4096);
    }

    @Test
    void theQuestionSizeCapIsSetLikeAnyOtherSetting() {
        assertThat(RetrievalSettings.fromEnvironment(Map.of("RETRIEVAL_QUESTION_MAX_BYTES", "16384")).maxQuestionBytes())
                .isEqualTo(16384);
        assertThatThrownBy(() -> defaults.withOverrides(Map.of(RetrievalSettings.QUESTION_MAX_BYTES, "0")))
                .isInstanceOf(InvalidSettingException.class);
    }

    @Test
    void aDottedKeyOverridesItsSetting() {
        assertThat(defaults.withOverrides(Map.of("retrieval.table.topk", "20")).tableTopK()).isEqualTo(20);
    }

    @Test
    void anEnvironmentVariableOverridesItsSettingByTheNamingRule() {
        RetrievalSettings settings = RetrievalSettings.fromEnvironment(Map.of(
                "RETRIEVAL_TABLE_THRESHOLD", "25", "RETRIEVAL_TABLE_MIN_SIMILARITY", "0.3", "JOIN_HINT_FORMAT", "both"));

        assertThat(settings.minTablesForRetrieval()).isEqualTo(25);
        assertThat(settings.tableMinSimilarity()).isEqualTo(0.3);
        assertThat(settings.joinHintFormat()).isEqualTo(JoinHintFormat.BOTH);
    }

    @Test
    void theRuleMapsDotsAndDashesToUnderscores() {
        assertThat(RetrievalSettings.environmentVariable("retrieval.table.min-similarity")).isEqualTo("RETRIEVAL_TABLE_MIN_SIMILARITY");
    }

    @Test
    void enableDocRetrievalStillSwitchesRetrievalOff() {
        assertThat(RetrievalSettings.fromEnvironment(Map.of("ENABLE_DOC_RETRIEVAL", "false")).enabled()).isFalse();
    }

    @Test
    void theDottedKeyWinsOverTheHistoricalVariable() {
        assertThat(defaults.withOverrides(Map.of("ENABLE_DOC_RETRIEVAL", "false", "retrieval.enabled", "true")).enabled()).isTrue();
    }

    @Test
    void choicesAcceptTheirLowerCaseNames() {
        assertThat(defaults.withOverrides(Map.of("retrieval.packet.format", "compact")).packetFormat()).isEqualTo(PacketFormat.COMPACT);
    }

    @Test
    void unknownKeysAreIgnored() {
        assertThat(defaults.withOverrides(Map.of("generation.model", "gpt", "PATH", "/usr/bin"))).isEqualTo(defaults);
    }

    @Test
    void aValueOutOfRangeIsRejectedNamingTheKey() {
        assertThatThrownBy(() -> defaults.withOverrides(Map.of("retrieval.table.topk", "0")))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("invalid value '0' for setting retrieval.table.topk: expected an integer in [1, 10000]");
    }

    @Test
    void aValueOfTheWrongTypeIsRejectedNamingTheKey() {
        assertThatThrownBy(() -> defaults.withOverrides(Map.of("RETRIEVAL_DOCS_MIN_SIMILARITY", "high")))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("retrieval.docs.min-similarity");
    }

    @Test
    void anUnknownChoiceIsRejectedListingTheChoices() {
        assertThatThrownBy(() -> defaults.withOverrides(Map.of("join.hint.format", "graph")))
                .hasMessage("invalid value 'graph' for setting join.hint.format: expected one of [edges, paths, both, none]");
    }

    @Test
    void everyKeyIsReadBySomeSetting() {
        for (String key : RetrievalSettings.KEYS) {
            assertThatThrownBy(() -> defaults.withOverrides(Map.of(key, "not-a-value")))
                    .as(key).isInstanceOf(InvalidSettingException.class);
        }
    }
}
