package dev.schemarag.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsTest {
    private static final Setting<Integer> TOP_K =
            Setting.integer("retrieval.table.topk", 15, 1, 200, "tables retrieved");
    private static final Setting<Double> THRESHOLD =
            Setting.decimal("retrieval.table.threshold", 0.2, 0, 1, "min similarity");

    @Test
    void environmentVariableFollowsTheDottedKey() {
        assertThat(Setting.string("store.jdbc.url", "", "").environmentVariable())
                .isEqualTo("STORE_JDBC_URL");
        assertThat(Setting.integer("cdc.poll.interval.ms", 5, 1, 10, "").environmentVariable())
                .isEqualTo("CDC_POLL_INTERVAL_MS");
    }

    @Test
    void anUnsetSettingTakesItsDefault() {
        assertThat(Settings.of(Map.of()).get(TOP_K)).isEqualTo(15);
    }

    @Test
    void overridesWinOverConfiguredValues() {
        Settings settings =
                Settings.of(Map.of("retrieval.table.topk", "20")).with(Map.of("retrieval.table.topk", "30"));
        assertThat(settings.get(TOP_K)).isEqualTo(30);
    }

    @Test
    void aBadValueNamesTheKeyAndWhatIsAccepted() {
        Settings settings = Settings.of(Map.of("retrieval.table.threshold", "1.5"));
        assertThatThrownBy(() -> settings.validate(List.of(TOP_K, THRESHOLD)))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("retrieval.table.threshold")
                .hasMessageContaining("[0.0, 1.0]");
    }

    @Test
    void aNonNumberIsRejectedNotTruncated() {
        assertThatThrownBy(() -> TOP_K.parse("15x"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("15x");
    }

    @Test
    void booleansAcceptOnlyTrueOrFalse() {
        Setting<Boolean> flag = Setting.bool("retrieval.enabled", true, "");
        assertThat(flag.parse("FALSE")).isFalse();
        assertThatThrownBy(() -> flag.parse("yes")).isInstanceOf(ConfigException.class);
    }

    private enum Shape {
        CREATE_TABLE,
        COMPACT
    }

    @Test
    void aChoiceAcceptsItsConstantsInAnyCaseWithDashesAndListsThemWhenWrong() {
        Setting<Shape> shape = Setting.choice("retrieval.packet.format", Shape.CREATE_TABLE, Shape.class, "");
        assertThat(shape.parse(" create-table ")).isEqualTo(Shape.CREATE_TABLE);
        assertThat(shape.parse("COMPACT")).isEqualTo(Shape.COMPACT);
        assertThat(shape.defaultText()).isEqualTo("create_table");
        assertThatThrownBy(() -> shape.parse("tabular"))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        "invalid value 'tabular' for setting retrieval.packet.format: expected one of [create_table, compact]");
    }

    @Test
    void anAliasKeepsTheSettingsOwnVariableAndRule() {
        Setting<Boolean> enabled = Setting.bool("retrieval.enabled", true, "").withAlias("ENABLE_DOC_RETRIEVAL");
        assertThat(enabled.environmentVariable()).isEqualTo("RETRIEVAL_ENABLED");
        assertThat(enabled.aliasVariable()).isEqualTo("ENABLE_DOC_RETRIEVAL");
        assertThat(enabled.parse("false")).isFalse();
    }
}
