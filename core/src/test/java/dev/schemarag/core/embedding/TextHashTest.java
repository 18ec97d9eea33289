package dev.schemarag.core.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Golden values: stamps are stored beside vectors, so a change here silently marks every stored vector stale. */
class TextHashTest {
    private static final String ORDERS_SHA256 = "1c168adb00d208e42f93314529f1fa9c0427eb63233ceda95a5db52b7012a719";

    @Test
    void sha256IsLowerCaseHexOfUtf8Bytes() {
        assertThat(TextHash.sha256("abc"))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(TextHash.sha256("orders")).isEqualTo(ORDERS_SHA256);
        assertThat(TextHash.sha256("FK→x"))
                .isEqualTo("3d4d45c465b169f3912ebc2bbf5bf18f113a56e6568e960232ec3a749a23776e");
    }

    @Test
    void theStoredStampOfATextUnderEachModelIsFixed() {
        assertThat(TextHash.stamp("all-minilm-l6-v2-q", ORDERS_SHA256))
                .isEqualTo("788e83a98d5dde029c245bc3510952d322c926ad1ff52388d302012e3c8ff72e");
        assertThat(TextHash.stamp("bge-small-en-v15-q", ORDERS_SHA256))
                .isEqualTo("43b87ad50db3a804d057e622c4b1d680234bcaa22c1206fc2f4d5fae0718b153");
    }
}
