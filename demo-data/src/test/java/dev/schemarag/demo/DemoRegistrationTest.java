package dev.schemarag.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.annotations.AnnotationsLoader;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.DefaultDatabases;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoRegistrationTest {

    @Test
    void onTheClassPathTheDemoIsTheDefaultDatabaseAndItsMariaDbCopyComesAfterIt() {
        assertThat(ServiceLoader.load(DefaultDatabases.class).stream().map(ServiceLoader.Provider::type))
                .containsExactly(DemoRegistration.class, MariaDemoRegistration.class);
    }

    @Test
    void theRegistrationPointsAtTheExtractedAnnotationsDocsAndQuestions(@TempDir Path state) throws IOException {
        Path extracted = DemoDatabase.extract(state);

        RegisteredDatabase erp = DemoDatabase.registration(
                "jdbc:postgresql://127.0.0.1:5432/erp", null, new Credentials("reader", "secret"), extracted);

        assertThat(erp.id()).isEqualTo(DemoDatabase.ID);
        assertThat(erp.execute()).as("the demo answers with data").isTrue();
        assertThat(erp.annotationsFile()).isRegularFile();
        assertThat(erp.docsDir().resolve("employees.md")).isRegularFile();
        assertThat(extracted.resolve("schema.sql")).isRegularFile();
        assertThat(DemoDatabase.sampleQuestions(extracted)).isNotEmpty().allMatch(q -> !q.isBlank());
    }

    @Test
    void theAnnotationsMarkThePersonalColumnsOfTheSchemaAsPii(@TempDir Path state) throws IOException {
        Path extracted = DemoDatabase.extract(state);
        String schema = Files.readString(extracted.resolve("schema.sql"));

        Set<String> pii =
                AnnotationsLoader.load(extracted.resolve("modules.json")).piiColumns();

        assertThat(pii).contains("users.email", "employees.email", "employees.phone", "employees.birth_date");
        for (String column : pii) {
            String[] tableAndColumn = column.split("\\.");
            Matcher definition = Pattern.compile(
                            "CREATE (?:TABLE IF NOT EXISTS|OR REPLACE VIEW) " + tableAndColumn[0] + "\\b(.*?);",
                            Pattern.DOTALL)
                    .matcher(schema);
            assertThat(definition.find()).as(column).isTrue();
            assertThat(definition.group(1)).as(column).containsPattern("\\b" + tableAndColumn[1] + "\\b");
        }
    }
}
