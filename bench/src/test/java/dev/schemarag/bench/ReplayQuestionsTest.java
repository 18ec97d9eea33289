package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayQuestionsTest {
    private static final ReplayQuestions.Example HEADCOUNT =
            new ReplayQuestions.Example("Headcount per department", "SELECT count(*) FROM departments", false);
    private static final ReplayQuestions.Example NUMBERS = new ReplayQuestions.Example(
            "Employee numbers of the sales team", "SELECT employee_number FROM employees", true);

    @Test
    void questionsOfExamplesReadingTheRenamedColumnComeFirstThenEveryExampleInTurn() {
        List<ReplayQuestions.Question> questions = ReplayQuestions.of(List.of(HEADCOUNT, NUMBERS), 5, "r1");

        assertThat(questions)
                .extracting(ReplayQuestions.Question::sql)
                .containsExactly(NUMBERS.sql(), HEADCOUNT.sql(), NUMBERS.sql(), HEADCOUNT.sql(), NUMBERS.sql());
        assertThat(questions.get(0).text()).isEqualTo("Employee numbers of the sales team [replay r1 0]");
    }

    @Test
    void everyTextIsDistinctAndNoMarkerIsPartOfAnotherText() {
        List<ReplayQuestions.Question> questions = ReplayQuestions.of(List.of(HEADCOUNT, NUMBERS), 200, "r1");

        assertThat(questions).extracting(ReplayQuestions.Question::text).doesNotHaveDuplicates();
        for (ReplayQuestions.Question q : questions)
            assertThat(questions)
                    .as(q.marker())
                    .filteredOn(other -> other.text().contains(q.marker()))
                    .containsExactly(q);
    }

    @Test
    void noExamplesMakeNoQuestions() {
        assertThat(ReplayQuestions.of(List.of(), 200, "r1")).isEmpty();
    }
}
