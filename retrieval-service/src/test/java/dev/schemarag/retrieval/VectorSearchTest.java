package dev.schemarag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.config.ConfigException;
import dev.schemarag.core.config.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VectorSearchTest {

    @Test
    void givenNoSetting_thenSearchesRunInMemory() {
        assertThat(VectorSearch.from(Settings.of(Map.of()))).isEqualTo(VectorSearch.MEMORY);
    }

    @Test
    void givenStore_thenSearchesRunInPgvector() {
        assertThat(VectorSearch.from(Settings.of(Map.of("retrieval.vector.search", "store"))))
                .isEqualTo(VectorSearch.STORE);
        assertThat(VectorSearch.SETTING.environmentVariable()).isEqualTo("RETRIEVAL_VECTOR_SEARCH");
    }

    @Test
    void givenAnUnknownValue_thenTheErrorNamesTheSettingAndTheChoices() {
        assertThatThrownBy(() -> VectorSearch.from(Settings.of(Map.of("retrieval.vector.search", "hnsw"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("retrieval.vector.search")
                .hasMessageContaining("[memory, store]");
    }
}
