package dev.schemarag.generation.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CappedResultReaderTest {

    @Test
    void theByteCountOfACellIsItsUtf8Length() {
        for (String text : new String[] {"", "plain", "Zürich", "東京", "emoji 😀 and more"})
            assertThat(CappedResultReader.utf8Length(text))
                    .as(text)
                    .isEqualTo(text.getBytes(StandardCharsets.UTF_8).length);
        assertThat(CappedResultReader.utf8Length(null)).isZero();
    }
}
