package dev.schemarag.generation.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.annotations.AnnotationsException;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.generation.execution.ExecutionOutcome;
import dev.schemarag.generation.execution.PiiMask;
import dev.schemarag.generation.execution.ResultColumn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnnotatedPiiMasksTest {
    private static final ExecutionOutcome.Rows EMAILS = new ExecutionOutcome.Rows(
            List.of(new ResultColumn("email", "text", Optional.of("public.users.email"))),
            List.of(List.of("ann@example.com")),
            false,
            1,
            "reader");

    @TempDir
    Path dir;

    @Test
    void aDatabaseWithoutAnnotationsFileMasksNothing() {
        AnnotatedPiiMasks masks = masks(dir.resolve("absent.json"));

        assertThat(masks.apply("db")).isSameAs(PiiMask.NONE);
        assertThat(masks.apply("unregistered")).isSameAs(PiiMask.NONE);
    }

    @Test
    void aColumnMarkedPiiAfterTheFirstStatementIsMaskedFromTheNextOn() throws IOException {
        Path file = Files.writeString(dir.resolve("annotations.json"), "{\"columns\": {}}");
        AnnotatedPiiMasks masks = masks(file);
        assertThat(masks.apply("db").apply("SELECT email FROM users", EMAILS)).isEqualTo(EMAILS);

        Files.writeString(file, "{\"columns\": {\"users.email\": {\"pii\": true}}}");

        assertThat(((ExecutionOutcome.Rows) masks.apply("db").apply("SELECT email FROM users", EMAILS)).rows())
                .containsExactly(Collections.singletonList(null));
    }

    @Test
    void anAnnotationsFileThatCannotBeReadFailsRatherThanMaskingNothing() throws IOException {
        Path file = Files.writeString(dir.resolve("annotations.json"), "{\"columns\": ");

        assertThatThrownBy(() -> masks(file).apply("db")).isInstanceOf(AnnotationsException.class);
    }

    private static AnnotatedPiiMasks masks(Path annotations) {
        return new AnnotatedPiiMasks(new DatabaseRegistry(List.of(new RegisteredDatabase(
                "db",
                "jdbc:postgresql://127.0.0.1:5432/db",
                null,
                new Credentials("reader", "secret"),
                List.of("public"),
                annotations,
                null))));
    }
}
