package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Setting;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The settings table of docs/configuration.md is the one {@link SettingsTable} renders from {@link AppSettings#all()}.
 * To regenerate it after changing a declaration, run {@link #REGENERATE}; the page gives the same command.
 */
class ConfigurationDocTest {
    private static final Path CONFIGURATION = Path.of("..", "docs", "configuration.md");
    private static final String WRITE = "settings.table.write";
    private static final String REGENERATE = "mvn -B -o -q -pl app -am test -Dtest=ConfigurationDocTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -D" + WRITE + "=true";

    @Test
    void theConfigurationPageListsEverySettingAsDeclared() throws IOException {
        String page = Files.readString(CONFIGURATION, StandardCharsets.UTF_8);
        String expected = SettingsTable.replaceTable(page, SettingsTable.markdown(AppSettings.all()));
        if (Boolean.getBoolean(WRITE)) Files.writeString(CONFIGURATION, expected, StandardCharsets.UTF_8);

        assertThat(Files.readString(CONFIGURATION, StandardCharsets.UTF_8))
                .as("docs/configuration.md's settings table differs from the declarations (AppSettings.all());"
                        + " regenerate it with: " + REGENERATE)
                .isEqualTo(expected);
    }

    @Test
    void theConfigurationPageGivesTheCommandThatRegeneratesTheTable() throws IOException {
        assertThat(Files.readString(CONFIGURATION, StandardCharsets.UTF_8)).contains(REGENERATE);
    }

    @Test
    void everySettingIsDeclaredOnce() {
        assertThat(AppSettings.all()).extracting(Setting::key).doesNotHaveDuplicates();
        assertThat(AppSettings.all()).extracting(Setting::environmentVariable).doesNotHaveDuplicates();
    }

    @Test
    void theTableHasOneRowPerSettingWithItsVariableDefaultAndRange() {
        String table = SettingsTable.markdown(AppSettings.all());

        assertThat(table.lines().count()).isEqualTo(2 + AppSettings.all().size());
        assertThat(table)
                .contains("| `RETRIEVAL_TABLE_TOPK` | `retrieval.table.topk` | `15` | an integer in [1, 10000] |");
        assertThat(table)
                .contains("| `RETRIEVAL_ENABLED` (or `ENABLE_DOC_RETRIEVAL`) | `retrieval.enabled` | `true` |");
        assertThat(table)
                .contains("| `JOIN_HINT_FORMAT` | `join.hint.format` | `edges` | one of [edges, paths, both, none] |");
    }

    @Test
    void replacingKeepsTheTextAroundTheMarkers() {
        String page = "before\n" + SettingsTable.START + "\nold\n" + SettingsTable.END + "\nafter\n";

        assertThat(SettingsTable.replaceTable(page, "| new |\n"))
                .isEqualTo("before\n" + SettingsTable.START + "\n| new |\n" + SettingsTable.END + "\nafter\n");
    }
}
