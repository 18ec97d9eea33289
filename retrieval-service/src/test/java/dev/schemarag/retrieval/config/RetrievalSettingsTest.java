package dev.schemarag.retrieval.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.config.ConfigException;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RetrievalSettingsTest {
    private final RetrievalSettings defaults = RetrievalSettings.defaults();

    /** Every default, pinned: the retrieval benchmark's figures (see RetrievalSettings) depend on all of them. */
    @Test
    void everyDefaultIsTheBenchmarkedValue() {
        assertThat(defaults.enabled()).isTrue();
        assertThat(defaults.tableThreshold()).isEqualTo(10);
        assertThat(defaults.tableTopK()).isEqualTo(15);
        assertThat(defaults.tableMinSimilarity()).isEqualTo(0.20);
        assertThat(defaults.columnTopK()).isEqualTo(50);
        assertThat(defaults.columnMinSimilarity()).isEqualTo(0.18);
        assertThat(defaults.columnSecondWeight()).isEqualTo(0.5);
        assertThat(defaults.columnGenericFactor()).isEqualTo(0.7);
        assertThat(defaults.fusionTableWeight()).isEqualTo(0.6);
        assertThat(defaults.fusionColumnWeight()).isEqualTo(0.4);
        assertThat(defaults.lexicalEnabled()).isTrue();
        assertThat(defaults.lexicalTopK()).isEqualTo(20);
        assertThat(defaults.lexicalBm25K1()).isEqualTo(1.5);
        assertThat(defaults.lexicalBm25B()).isEqualTo(0.75);
        assertThat(defaults.rrfK()).isEqualTo(5);
        assertThat(defaults.rrfDenseWeight()).isEqualTo(1.0);
        assertThat(defaults.rrfLexicalWeight()).isEqualTo(0.5);
        assertThat(defaults.selectTopK()).isEqualTo(10);
        assertThat(defaults.selectMinTables()).isEqualTo(3);
        assertThat(defaults.selectRelativeCutoff()).isEqualTo(0.45);
        assertThat(defaults.families()).isTrue();
        assertThat(defaults.familyMinMembers()).isEqualTo(3);
        assertThat(defaults.evidenceTopK()).isEqualTo(30);
        assertThat(defaults.evidenceMinScore()).isEqualTo(0.20);
        assertThat(defaults.fkMaxAdded()).isEqualTo(3);
        assertThat(defaults.fkParentsOfTop()).isEqualTo(2);
        assertThat(defaults.maxTables()).isEqualTo(12);
        assertThat(defaults.bridgesEnabled()).isTrue();
        assertThat(defaults.fallbackMinScore()).isEqualTo(0.20);
        assertThat(defaults.fallbackMinContentWords()).isEqualTo(1);
        assertThat(defaults.docsTopK()).isEqualTo(5);
        assertThat(defaults.docsMinSimilarity()).isEqualTo(0.35);
        assertThat(defaults.docsRelativeCutoff()).isEqualTo(0.9);
        assertThat(defaults.docsMaxTokens()).isEqualTo(300);
        assertThat(defaults.packetTableMaxTokens()).isEqualTo(200);
        assertThat(defaults.packetDetailedTables()).isEqualTo(3);
        assertThat(defaults.packetOtherTableMaxTokens()).isEqualTo(70);
        assertThat(defaults.joinHintFormat()).isEqualTo(JoinHintFormat.EDGES);
        assertThat(defaults.packetFormat()).isEqualTo(PacketFormat.CREATE_TABLE);
        assertThat(defaults.contextBudgetTokens()).isEqualTo(12_000);
        assertThat(defaults.questionMaxBytes()).isEqualTo(4096);
        assertThat(defaults.routingMinMargin()).isEqualTo(0.05);
        assertThat(defaults.answerCacheProbe()).isTrue();
        assertThat(defaults.llmSelect()).isFalse();
        assertThat(defaults.llmSelectKeepAbove()).isEqualTo(0.8);
        assertThat(defaults.llmSelectTimeoutMs()).isEqualTo(3000);
        assertThat(RetrievalSettings.DECLARED).hasSize(47);
    }

    @Test
    void theQuestionSizeCapIsSetLikeAnyOtherSetting() {
        assertThat(RetrievalSettings.from(Settings.of(Map.of("retrieval.question.max-bytes", "16384")))
                        .questionMaxBytes())
                .isEqualTo(16384);
        assertThatThrownBy(() -> defaults.withOverrides(Map.of(RetrievalSettings.QUESTION_MAX_BYTES.key(), "0")))
                .isInstanceOf(ConfigException.class);
    }

    @Test
    void theProcessConfigurationSetsTheServiceValues() {
        RetrievalSettings settings = RetrievalSettings.from(Settings.of(Map.of(
                "retrieval.table.threshold",
                "25",
                "retrieval.table.min-similarity",
                "0.3",
                "join.hint.format",
                "both")));

        assertThat(settings.tableThreshold()).isEqualTo(25);
        assertThat(settings.tableMinSimilarity()).isEqualTo(0.3);
        assertThat(settings.joinHintFormat()).isEqualTo(JoinHintFormat.BOTH);
    }

    @Test
    void aBadProcessValueFailsAtStartNamingTheKey() {
        assertThatThrownBy(() -> RetrievalSettings.from(Settings.of(Map.of("retrieval.rrf.k", "-1"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("retrieval.rrf.k");
    }

    @Test
    void aQuestionOverridesTheServiceValuesAndKeepsTheRest() {
        RetrievalSettings service =
                RetrievalSettings.from(Settings.of(Map.of("retrieval.select.topk", "7", "retrieval.rrf.k", "9")));

        RetrievalSettings question = service.withOverrides(Map.of("retrieval.select.topk", "4"));

        assertThat(question.selectTopK()).isEqualTo(4);
        assertThat(question.rrfK()).isEqualTo(9);
    }

    @Test
    void aDottedKeyOverridesItsSetting() {
        assertThat(defaults.withOverrides(Map.of("retrieval.table.topk", "20")).tableTopK())
                .isEqualTo(20);
    }

    @Test
    void anOverrideMayUseTheEnvironmentVariableSpelling() {
        RetrievalSettings settings = defaults.withOverrides(Map.of(
                "RETRIEVAL_TABLE_THRESHOLD",
                "25",
                "RETRIEVAL_TABLE_MIN_SIMILARITY",
                " 0.3 ",
                "JOIN_HINT_FORMAT",
                "both"));

        assertThat(settings.tableThreshold()).isEqualTo(25);
        assertThat(settings.tableMinSimilarity()).isEqualTo(0.3);
        assertThat(settings.joinHintFormat()).isEqualTo(JoinHintFormat.BOTH);
    }

    @Test
    void theRuleMapsDotsAndDashesToUnderscores() {
        assertThat(RetrievalSettings.TABLE_MIN_SIMILARITY.environmentVariable())
                .isEqualTo("RETRIEVAL_TABLE_MIN_SIMILARITY");
    }

    @Test
    void enableDocRetrievalStillSwitchesRetrievalOff() {
        assertThat(RetrievalSettings.ENABLED.aliasVariable()).isEqualTo("ENABLE_DOC_RETRIEVAL");
        assertThat(defaults.withOverrides(Map.of("ENABLE_DOC_RETRIEVAL", "false"))
                        .enabled())
                .isFalse();
    }

    @Test
    void theDottedKeyWinsOverTheHistoricalVariable() {
        assertThat(defaults.withOverrides(Map.of("ENABLE_DOC_RETRIEVAL", "false", "retrieval.enabled", "true"))
                        .enabled())
                .isTrue();
        assertThat(defaults.withOverrides(Map.of("retrieval.enabled", "true", "ENABLE_DOC_RETRIEVAL", "false"))
                        .enabled())
                .isTrue();
    }

    @Test
    void choicesAcceptTheirLowerCaseNames() {
        assertThat(defaults.withOverrides(Map.of("retrieval.packet.format", "compact"))
                        .packetFormat())
                .isEqualTo(PacketFormat.COMPACT);
        assertThat(defaults.withOverrides(Map.of("retrieval.packet.format", "create-table"))
                        .packetFormat())
                .isEqualTo(PacketFormat.CREATE_TABLE);
    }

    @Test
    void unknownKeysAreIgnored() {
        assertThat(defaults.withOverrides(Map.of("generation.model", "gpt", "PATH", "/usr/bin")))
                .isEqualTo(defaults);
    }

    @Test
    void aValueOutOfRangeIsRejectedNamingTheKey() {
        assertThatThrownBy(() -> defaults.withOverrides(Map.of("retrieval.table.topk", "0")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("invalid value '0' for setting retrieval.table.topk: expected an integer in [1, 10000]");
    }

    @Test
    void aValueOfTheWrongTypeIsRejectedNamingTheKey() {
        assertThatThrownBy(() -> defaults.withOverrides(Map.of("RETRIEVAL_DOCS_MIN_SIMILARITY", "high")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("retrieval.docs.min-similarity");
    }

    @Test
    void anUnknownChoiceIsRejectedListingTheChoices() {
        assertThatThrownBy(() -> defaults.withOverrides(Map.of("join.hint.format", "graph")))
                .hasMessage(
                        "invalid value 'graph' for setting join.hint.format: expected one of [edges, paths, both, none]");
    }

    /** One name per setting: its accessor is its constant's name without the underscores, in camel case. */
    @Test
    void everySettingIsReadByTheAccessorOfItsConstantsName() throws ReflectiveOperationException {
        List<Setting<?>> withAccessor = new ArrayList<>();
        for (Field constant : RetrievalSettings.class.getFields()) {
            if (constant.getType() != Setting.class) continue;
            Setting<?> setting = (Setting<?>) constant.get(null);
            Method accessor = Arrays.stream(RetrievalSettings.class.getMethods())
                    .filter(m -> m.getName().equalsIgnoreCase(constant.getName().replace("_", "")))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no accessor for " + constant.getName()));
            assertThat(accessor.invoke(defaults)).as(accessor.getName()).isEqualTo(setting.defaultValue());
            withAccessor.add(setting);
        }
        assertThat(withAccessor).containsExactlyInAnyOrderElementsOf(RetrievalSettings.DECLARED);
    }

    @Test
    void everyDeclaredSettingIsReadIntoTheSettings() {
        for (Setting<?> setting : RetrievalSettings.DECLARED) {
            assertThatThrownBy(() -> defaults.withOverrides(Map.of(setting.key(), "not-a-value")))
                    .as(setting.key())
                    .isInstanceOf(ConfigException.class);
        }
    }
}
