package dev.schemarag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StrategyTest {

    @Test
    void aLargeEnoughCatalogGetsRag() {
        assertThat(Strategy.choose(null, true, 10, 10)).isEqualTo(Strategy.RAG);
    }

    @Test
    void aSmallCatalogIsSentWhole() {
        assertThat(Strategy.choose(null, true, 9, 10)).isEqualTo(Strategy.FULL_SCHEMA);
    }

    @Test
    void disabledRetrievalSendsTheFullSchema() {
        assertThat(Strategy.choose(null, false, 500, 10)).isEqualTo(Strategy.FULL_SCHEMA);
    }

    @Test
    void theQuestionCanForceRagOnASmallCatalog() {
        assertThat(Strategy.choose(true, false, 3, 10)).isEqualTo(Strategy.RAG);
    }

    @Test
    void theQuestionCanForceTheFullSchemaOnALargeCatalog() {
        assertThat(Strategy.choose(false, true, 500, 10)).isEqualTo(Strategy.FULL_SCHEMA);
    }
}
