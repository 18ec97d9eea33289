package dev.schemarag.ingest.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SchemaFormatTest {
    @Test
    void oneLineCollapsesEveryRunOfWhiteSpaceToOneSpaceAndStripsTheEnds() {
        assertThat(SchemaFormat.oneLine(" Legal\r\nfirst \t name.\n\n Used\u000Bon\fcontracts. "))
                .isEqualTo("Legal first name. Used on contracts.");
        assertThat(SchemaFormat.oneLine(null)).isEmpty();
    }

    @Test
    void oneLineAgreesWithTheRegularExpressionItReplaces() {
        for (String text : new String[] {
            "",
            " ",
            "\n\n",
            "a",
            "a  b",
            "\ta\tb\t",
            "a\u00A0\u00A0b",
            "\u2003a\u2003",
            "a\r\n\r\nb c",
            "x\u000B\u000By"
        })
            assertThat(SchemaFormat.oneLine(text))
                    .as("[%s]", text)
                    .isEqualTo(text.replaceAll("\\s+", " ").strip());
    }
}
