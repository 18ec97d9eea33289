package dev.schemarag.retrieval.lexical;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QuestionBreadthTest {
    private static final TableName STUDENT = new TableName("school", "student");
    private static final TableName HAS_PET = new TableName("school", "has_pet");
    private static final TableName PETS = new TableName("school", "pets");
    private static final TableName SINGER = new TableName("music", "singer");
    private static final List<TableName> CANDIDATES = List.of(STUDENT, HAS_PET, PETS, SINGER);

    @Test
    void aQuestionAboutOneThingIsNarrow() {
        QuestionBreadth breadth = QuestionBreadth.of("How many singers do we have?", CANDIDATES);

        assertThat(breadth.namedBy().values()).containsExactly(List.of(SINGER));
        assertThat(breadth.clauses()).isZero();
        assertThat(breadth.tables()).isEqualTo(1);
    }

    @Test
    void eachEntityIsNamedByTheCandidatesCarryingItsWordInRankOrder() {
        QuestionBreadth breadth =
                QuestionBreadth.of("Find the first name of students who have a dog as their pet", CANDIDATES);

        assertThat(breadth.namedBy())
                .containsEntry("student", List.of(STUDENT))
                .containsEntry("pet", List.of(HAS_PET, PETS));
        assertThat(breadth.entities()).isEqualTo(2);
        assertThat(breadth.clauses()).isEqualTo(1);
        assertThat(breadth.tables()).isEqualTo(2);
    }

    @Test
    void wordsNamingNoCandidateAreNoEntities() {
        QuestionBreadth breadth = QuestionBreadth.of("What is the average age of all dogs?", CANDIDATES);

        assertThat(breadth.entities()).isZero();
        assertThat(breadth.tables()).isEqualTo(1);
    }

    @Test
    void clauseConnectorsAreCountedEachTime() {
        assertThat(QuestionBreadth.connectors("Which students have no pets?")).isEqualTo(2);
        assertThat(QuestionBreadth.connectors("the number of pets for each student"))
                .isEqualTo(1);
        assertThat(QuestionBreadth.connectors("cities that have more than 3 stadiums but not any concert"))
                .isEqualTo(3);
        assertThat(QuestionBreadth.connectors("countries with both a male and a female singer"))
                .isEqualTo(1);
        assertThat(QuestionBreadth.connectors("the name and age of every singer"))
                .isZero();
    }

    @Test
    void manyConnectorsAskForMoreTablesThanEntitiesNamed() {
        QuestionBreadth breadth =
                QuestionBreadth.of("Students who have pets that are older than 3 years but not cats", CANDIDATES);

        assertThat(breadth.clauses()).isEqualTo(4);
        assertThat(breadth.tables()).isEqualTo(5);
    }

    @Test
    void aTableIsSpelledOutWhenEveryWordOfItsNameIsTheQuestions() {
        TableName filmCategory = new TableName("films", "film_category");
        TableName filmList = new TableName("films", "film_list");
        TableName rentalRate = new TableName("films", "RentalRates");

        QuestionBreadth breadth = QuestionBreadth.of(
                "Which children's category films have the highest rental rate?",
                List.of(filmCategory, filmList, rentalRate, STUDENT));

        // film_list's "list" is question phrasing, never a question word; student is not asked about at all.
        assertThat(breadth.spelledOut()).containsExactly(filmCategory, rentalRate);
    }

    @Test
    void oneWordOfANameIsNotItsWholeName() {
        assertThat(QuestionBreadth.of("How many pets are there?", CANDIDATES).spelledOut())
                .containsExactly(PETS);
        assertThat(QuestionBreadth.spelledOutBy(Set.of("pet"), "has_pet")).isFalse();
        assertThat(QuestionBreadth.spelledOutBy(Set.of("pet"), "__")).isFalse();
    }

    @Test
    void aBlankQuestionNamesNothing() {
        assertThat(QuestionBreadth.of(" ", CANDIDATES).tables()).isEqualTo(1);
        assertThat(QuestionBreadth.of(null, CANDIDATES).entities()).isZero();
    }
}
