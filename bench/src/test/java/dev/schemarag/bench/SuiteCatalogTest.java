package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteCatalogTest {
    @TempDir
    Path dir;

    private Path suite(String name) throws Exception {
        Path suite = Files.createDirectories(dir.resolve(name));
        Files.createDirectories(suite.resolve("schema"));
        Files.writeString(suite.resolve("schema/shop.sql"), "CREATE SCHEMA shop;");
        Files.writeString(suite.resolve("schema/airline.sql"), "CREATE SCHEMA airline;");
        Files.writeString(suite.resolve("schema/notes.txt"), "not a schema");
        Files.writeString(suite.resolve("questions.jsonl"), """
                {"id": "1", "db_id": "shop", "question": "How many orders?", "gold_tables": ["shop.orders"]}

                {"id": "2", "db_id": "airline", "question": "List the flights.", "gold_tables": ["airline.flights"]}
                {"id": "3", "db_id": "shop", "question": "How many orders?", "gold_tables": ["shop.orders"]}
                """);
        return suite;
    }

    @Test
    void eachSqlFileIsASchemaAndQuestionsAreTakenOnce() throws Exception {
        SuiteCatalog catalog = new SuiteCatalog(suite("Spider-Union"));

        assertThat(catalog.schemas()).containsExactly("airline", "shop");
        assertThat(catalog.distinctQuestions()).containsExactly("How many orders?", "List the flights.");
        assertThat(catalog.databaseId()).isEqualTo("bench_spider_union");
    }

    @Test
    void aDirectoryWithoutSchemasIsRefused() {
        assertThatThrownBy(() -> new SuiteCatalog(dir)).hasMessageContaining("no schema/ directory");
    }

    @Test
    void theRegistrationIsReadBackAsTheServicesReadIt() throws Exception {
        RegisteredDatabase db = new RegisteredDatabase(
                "bench_x",
                "jdbc:postgresql://127.0.0.1:5432/bench_x",
                new Credentials("admin", "a-secret"),
                new Credentials("schemarag_reader", "r-secret"),
                List.of("shop", "public"),
                null,
                null);
        Path file = dir.resolve("databases.json");

        SuiteCatalog.writeRegistration(db, file);

        assertThat(DatabaseRegistry.load(file).all()).containsExactly(db);
    }
}
