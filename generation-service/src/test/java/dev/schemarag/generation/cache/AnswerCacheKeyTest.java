package dev.schemarag.generation.cache;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AnswerCacheKeyTest {
    private static final String MODEL = AnswerCacheKey.generatorFingerprint(1, "llm", "gpt-4o-mini", "http://llm/v1");

    @Test
    void theSameQuestionOfTheSameRoleWithTheSameModelIsTheSameKey() {
        assertThat(AnswerCacheKey.of("erp", "hr_role", "Headcount by department?", null, MODEL, "POSTGRESQL"))
                .isEqualTo(AnswerCacheKey.of("erp", "hr_role", "headcount by department", "", MODEL, "POSTGRESQL"));
    }

    @Test
    void anotherRoleDatabaseModelEndpointFormatOrDialectIsAnotherKey() {
        AnswerCacheKey key = AnswerCacheKey.of("erp", "hr_role", "Headcount", null, MODEL, "POSTGRESQL");

        assertThat(AnswerCacheKey.of("erp", "sales_role", "Headcount", null, MODEL, "POSTGRESQL"))
                .isNotEqualTo(key);
        assertThat(AnswerCacheKey.of("crm", "hr_role", "Headcount", null, MODEL, "POSTGRESQL"))
                .isNotEqualTo(key);
        assertThat(AnswerCacheKey.of("erp", "hr_role", "Headcount", null, MODEL, "MYSQL"))
                .isNotEqualTo(key);
        for (String other : new String[] {
            AnswerCacheKey.generatorFingerprint(1, "llm", "gpt-4o", "http://llm/v1"),
            AnswerCacheKey.generatorFingerprint(1, "llm", "gpt-4o-mini", "http://other/v1"),
            AnswerCacheKey.generatorFingerprint(2, "llm", "gpt-4o-mini", "http://llm/v1")
        })
            assertThat(AnswerCacheKey.of("erp", "hr_role", "Headcount", null, other, "POSTGRESQL"))
                    .isNotEqualTo(key);
    }
}
