package dev.schemarag.core.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.config.ConfigException;
import dev.schemarag.core.config.Settings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpSettingsTest {
    @Test
    void theListsAreCommaSeparatedAndEmptyEntriesAreSkipped() {
        HttpAllowList allowed = HttpAllowList.from(Settings.of(Map.of(
                "http.allowed.hosts", " ingest, ,console.example.com,",
                "http.allowed.origins", "https://app.example.com, http://localhost:3000")));

        assertThat(allowed.hosts()).containsExactly("ingest", "console.example.com");
        assertThat(allowed.origins()).containsExactly("https://app.example.com", "http://localhost:3000");
        assertThat(HttpAllowList.from(Settings.of(Map.of()))).isEqualTo(HttpAllowList.NONE);
    }

    @Test
    void aHostWithAPortOrAnOriginWithoutASchemeStopsStartUp() {
        assertThat(HttpSettings.ALLOWED_HOSTS.parse("web, 10.0.0.7, [::1], ::1"))
                .isNotNull();
        for (String bad : List.of("ingest:8081", "http://ingest", "in gest"))
            assertThatThrownBy(() -> HttpSettings.ALLOWED_HOSTS.parse(bad))
                    .as(bad)
                    .isInstanceOf(ConfigException.class);
        for (String bad : List.of("app.example.com", "https://app.example.com/", "null", "ftp://app.example.com"))
            assertThatThrownBy(() -> HttpSettings.ALLOWED_ORIGINS.parse(bad))
                    .as(bad)
                    .isInstanceOf(ConfigException.class);
    }
}
