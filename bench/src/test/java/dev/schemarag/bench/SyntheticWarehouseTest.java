package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.retrieval.index.DatabaseVectors;
import dev.schemarag.retrieval.index.IndexedDatabase;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SyntheticWarehouseTest {
    private final SyntheticWarehouse warehouse = SyntheticWarehouse.of(7, 30_000);

    @Test
    void holdsExactlyTheColumnsAskedForInTablesOfFiftyToAThousandColumns() {
        assertThat(warehouse.columns()).isEqualTo(30_000);
        List<SyntheticWarehouse.TableSpec> tables = warehouse.tables();
        // Only the last table may be narrower: it takes what is left.
        tables.subList(0, tables.size() - 1).forEach(t -> assertThat(t.columns())
                .isBetween(SyntheticWarehouse.MIN_COLUMNS, SyntheticWarehouse.MAX_COLUMNS));
        assertThat(tables.stream().map(t -> t.tableName().toString()).distinct())
                .hasSameSizeAs(tables);
    }

    @Test
    void familyMembersAreDateSuffixedAndRepeatTheSameColumnsAndDescriptionsAsObjectsOfTheirOwn() {
        Map<String, List<SyntheticWarehouse.TableSpec>> families = warehouse.tables().stream()
                .filter(t -> !t.name().equals(t.family()))
                .collect(Collectors.groupingBy(SyntheticWarehouse.TableSpec::family));
        assertThat(families).isNotEmpty();
        assertThat(warehouse.familyTables())
                .isEqualTo(families.values().stream().mapToLong(List::size).sum());
        List<SyntheticWarehouse.TableSpec> members =
                families.values().iterator().next();
        assertThat(members.size()).isGreaterThan(1);
        assertThat(members.get(0).name()).matches(".*_2024\\d{4}");
        Table first = warehouse.definition(members.get(0));
        Table second = warehouse.definition(members.get(1));
        assertThat(second.columns()).isEqualTo(first.columns());
        Column a = first.columns().get(5);
        Column b = second.columns().get(5);
        assertThat(b.comment()).isEqualTo(a.comment()).isNotSameAs(a.comment());
        assertThat(b.name()).isNotSameAs(a.name());
    }

    @Test
    void descriptionsRunTwentyToEightyWordsAndKeysReferToEarlierTables() {
        Set<Integer> lengths = new HashSet<>();
        for (SyntheticWarehouse.TableSpec spec : warehouse.tables()) {
            Table table = warehouse.definition(spec);
            assertThat(table.primaryKey()).containsExactly(spec.entity() + "_id");
            table.foreignKeys()
                    .forEach(fk -> assertThat(warehouse.tables().stream().map(SyntheticWarehouse.TableSpec::tableName))
                            .contains(fk.referencedTable()));
            table.columns().stream()
                    .skip(1)
                    .forEach(c -> lengths.add(c.comment().split(" ").length));
        }
        assertThat(lengths).allSatisfy(n -> assertThat(n).isBetween(20, 80));
        assertThat(lengths).contains(20, 80);
    }

    @Test
    void theSameSeedGivesTheSameCatalogVectorsAndQuestions() {
        SyntheticWarehouse again = SyntheticWarehouse.of(7, 30_000);
        WordHashModel model = new WordHashModel();
        IndexedDatabase database = warehouse.database("1", model.modelId());
        assertThat(again.database("1", model.modelId())).isEqualTo(database);
        assertThat(database.tables()).hasSameSizeAs(warehouse.tables());
        assertThat(database.tables().stream().mapToInt(t -> t.columns().size()).sum())
                .isEqualTo(30_000);
        DatabaseVectors vectors = warehouse.vectors(model);
        assertThat(vectors.columns()).hasSize(30_000);
        assertThat(vectors.columns().get(100).vector())
                .containsExactly(again.vectors(model).columns().get(100).vector());
        assertThat(again.questions(5)).isEqualTo(warehouse.questions(5));
    }

    @Test
    void aQuestionNamesItsTablesEntityAndTwoOfItsColumns() {
        SyntheticWarehouse.Question question = warehouse.questions(1).get(0);
        SyntheticWarehouse.TableSpec table = warehouse.tables().stream()
                .filter(t -> t.family().equals(question.family()))
                .findFirst()
                .orElseThrow();
        assertThat(question.text()).endsWith(" of each " + table.entity().replace('_', ' ') + "?");
        assertThat(question.schema()).isEqualTo(table.schema());
    }

    @Test
    void questionsAreAboutTablesWithAColumnBesidesTheKey() {
        SyntheticWarehouse keyOnlyLast = null;
        for (int columns = 2_000; keyOnlyLast == null; columns++) {
            SyntheticWarehouse candidate = SyntheticWarehouse.of(7, columns);
            if (candidate.tables().get(candidate.tables().size() - 1).columns() == 1) keyOnlyLast = candidate;
        }
        SyntheticWarehouse.TableSpec last =
                keyOnlyLast.tables().get(keyOnlyLast.tables().size() - 1);
        assertThat(keyOnlyLast.questions(200)).hasSize(200).noneMatch(q -> q.family()
                .equals(last.family()));
        assertThatThrownBy(() -> SyntheticWarehouse.of(7, 1).questions(1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aCatalogNeedsAColumn() {
        assertThatThrownBy(() -> SyntheticWarehouse.of(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
