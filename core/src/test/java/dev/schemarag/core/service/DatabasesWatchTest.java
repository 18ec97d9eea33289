package dev.schemarag.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabasesWatchTest {
    private static final String SALES = """
            {"id": "sales", "jdbcUrl": "jdbc:postgresql://h/sales", "admin": {"user": "a", "password": "p"}}""";
    private static final String HR = """
            {"id": "hr", "jdbcUrl": "jdbc:postgresql://h/hr", "admin": {"user": "a", "password": "p"}}""";

    @Test
    void aChangedFileReplacesTheRegistrationsAndReportsWhatWasAddedAndRemoved(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("databases.json");
        Files.writeString(file, "[" + SALES + "]");
        DatabaseRegistry registry = DatabaseRegistry.load(file);
        List<DatabaseRegistry.Changes> seen = new ArrayList<>();
        try (DatabasesWatch watch = DatabasesWatch.start(
                file, () -> DatabaseRegistry.load(file), registry, seen::add, Duration.ofHours(1))) {
            watch.check();
            assertThat(seen).as("unchanged file").isEmpty();

            Files.writeString(file, "[" + HR + "]");
            watch.check();

            assertThat(registry.all()).extracting(RegisteredDatabase::id).containsExactly("hr");
            assertThat(seen).singleElement().satisfies(changes -> {
                assertThat(changes.added()).extracting(RegisteredDatabase::id).containsExactly("hr");
                assertThat(changes.removed()).extracting(RegisteredDatabase::id).containsExactly("sales");
            });
        }
    }

    @Test
    void aFileThatDoesNotParseLeavesTheRegistrationsAsTheyWere(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("databases.json");
        Files.writeString(file, "[" + SALES + "]");
        DatabaseRegistry registry = DatabaseRegistry.load(file);
        List<DatabaseRegistry.Changes> seen = new ArrayList<>();
        try (DatabasesWatch watch = DatabasesWatch.start(
                file, () -> DatabaseRegistry.load(file), registry, seen::add, Duration.ofHours(1))) {
            Files.writeString(file, "[" + SALES + ", {\"id\": ");
            watch.check();

            assertThat(registry.all()).extracting(RegisteredDatabase::id).containsExactly("sales");
            assertThat(seen).isEmpty();
        }
    }

    @Test
    void aChangedRegistrationIsRemovedAndAddedAgain() {
        DatabaseRegistry registry = new DatabaseRegistry(List.of(
                new RegisteredDatabase("sales", "jdbc:postgresql://h/sales", null, null, List.of(), null, null)));

        DatabaseRegistry.Changes changes = registry.replace(List.of(
                new RegisteredDatabase("sales", "jdbc:postgresql://other/sales", null, null, List.of(), null, null)));

        assertThat(changes.removed())
                .extracting(RegisteredDatabase::jdbcUrl)
                .containsExactly("jdbc:postgresql://h/sales");
        assertThat(changes.added())
                .extracting(RegisteredDatabase::jdbcUrl)
                .containsExactly("jdbc:postgresql://other/sales");
        assertThat(registry.replace(registry.all()).none()).isTrue();
    }
}
