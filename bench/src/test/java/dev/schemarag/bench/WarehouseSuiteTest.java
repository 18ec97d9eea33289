package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class WarehouseSuiteTest {
    private static final Pattern CREATE =
            Pattern.compile("CREATE TABLE (\\w+\\.\\w+) \\(\\n(.*?)\\n\\);", Pattern.DOTALL);
    private static final Pattern COMMENT = Pattern.compile("COMMENT ON (?:TABLE|COLUMN) [\\w.]+ IS '((?:[^']|'')*)';");

    private final WarehouseSuite.Generated suite = WarehouseSuite.generate(WarehouseSuite.DEFAULT_TABLES, 28);

    @Test
    void theSameTablesAndSeedWriteTheSameSuite() {
        assertThat(WarehouseSuite.generate(WarehouseSuite.DEFAULT_TABLES, 28)).isEqualTo(suite);
        assertThat(WarehouseSuite.generate(WarehouseSuite.DEFAULT_TABLES, 29)).isNotEqualTo(suite);
    }

    @Test
    void itHasTheAskedNumberOfTablesWithFamiliesAndWideTables() {
        List<String> tables = tables();
        List<Integer> widths = widths();

        assertThat(tables).hasSize(WarehouseSuite.DEFAULT_TABLES).doesNotHaveDuplicates();
        assertThat(tables.stream().filter(t -> t.matches(".*_2024\\d{4}")).count())
                .isGreaterThan(150);
        assertThat(widths.stream().filter(w -> w >= 100)).hasSizeGreaterThanOrEqualTo(2);
        assertThat(widths).contains(1000).allSatisfy(w -> assertThat(w).isLessThanOrEqualTo(1000));
    }

    @Test
    void everyTableAndColumnIsDescribedInTwentyToEightyWords() {
        String ddl = String.join("\n", suite.ddl().values());
        List<Integer> words = new ArrayList<>();
        Matcher m = COMMENT.matcher(ddl);
        while (m.find()) words.add(WarehouseSuite.wordCount(m.group(1)));

        int columns = widths().stream().mapToInt(Integer::intValue).sum();
        assertThat(words).hasSize(tables().size() + columns);
        assertThat(words).allSatisfy(n -> assertThat(n).isBetween(WarehouseSuite.MIN_WORDS, WarehouseSuite.MAX_WORDS));
    }

    @Test
    void descriptionsOpenWithTheirFirstSentence() {
        String description = WarehouseSuite.description("The total amount of the order", new SplittableRandom(1));

        assertThat(description).startsWith("The total amount of the order. ");
    }

    @Test
    void questionsNameTablesOfTheSuite() {
        assertThat(suite.questions()).isNotEmpty().allSatisfy(q -> {
            String gold = q.replaceAll(".*\"gold_tables\":\\[\"([^\"]+)\"].*", "$1");
            assertThat(tables()).contains(gold);
        });
    }

    @Test
    void tooFewTablesAreRejected() {
        assertThatThrownBy(() -> WarehouseSuite.generate(WarehouseSuite.MIN_TABLES - 1, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private List<String> tables() {
        List<String> names = new ArrayList<>();
        Matcher m = CREATE.matcher(String.join("\n", suite.ddl().values()));
        while (m.find()) names.add(m.group(1));
        return names;
    }

    private List<Integer> widths() {
        List<Integer> widths = new ArrayList<>();
        Matcher m = CREATE.matcher(String.join("\n", suite.ddl().values()));
        while (m.find()) widths.add(m.group(2).split(",\\n").length);
        return widths;
    }
}
