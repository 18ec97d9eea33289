package dev.schemarag.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.DefaultDatabases;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoRegistrationTest {

    @Test
    void onTheClassPathTheDemoIsTheDefaultDatabase() {
        assertThat(ServiceLoader.load(DefaultDatabases.class).stream().map(ServiceLoader.Provider::type))
                .containsExactly(DemoRegistration.class);
    }

    @Test
    void theRegistrationPointsAtTheExtractedAnnotationsDocsAndQuestions(@TempDir Path state) throws IOException {
        Path extracted = DemoDatabase.extract(state);

        RegisteredDatabase erp = DemoDatabase.registration(
                "jdbc:postgresql://127.0.0.1:5432/erp", null, new Credentials("reader", "secret"), extracted);

        assertThat(erp.id()).isEqualTo(DemoDatabase.ID);
        assertThat(erp.annotationsFile()).isRegularFile();
        assertThat(erp.docsDir().resolve("employees.md")).isRegularFile();
        assertThat(extracted.resolve("schema.sql")).isRegularFile();
        assertThat(DemoDatabase.sampleQuestions(extracted)).isNotEmpty().allMatch(q -> !q.isBlank());
    }
}
