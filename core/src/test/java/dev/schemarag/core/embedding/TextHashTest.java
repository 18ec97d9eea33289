package dev.schemarag.core.embedding;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TextHashTest {
    @Test
    void sha256IsLowerCaseHexOfUtf8Bytes() {
        assertThat(TextHash.sha256("abc"))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(TextHash.sha256("FK→x")).isNotEqualTo(TextHash.sha256("FK->x")).hasSize(64);
    }

    @Test
    void aStampNamesTheModelAsWellAsTheText() {
        String text = TextHash.sha256("orders");

        assertThat(TextHash.stamp("model-a", text)).isEqualTo(TextHash.sha256("model-a\n" + text));
        assertThat(TextHash.stamp("model-a", text)).isNotEqualTo(TextHash.stamp("model-b", text));
    }
}
