package dev.schemarag.retrieval.lexical;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IdentifierAnalyzerTest {
    private final IdentifierAnalyzer documents = IdentifierAnalyzer.forDocuments();
    private final IdentifierAnalyzer questions = IdentifierAnalyzer.forQuestions();

    @Test
    void aSnakeCaseIdentifierIsKeptWholeAndSplitIntoItsWords() {
        assertThat(documents.terms("employee_id")).containsExactlyInAnyOrder("employee_id", "employee", "id");
    }

    @Test
    void aCamelCaseIdentifierIsSplitAtCaseChangesAndCaseFolded() {
        assertThat(documents.terms("LeaveRequest")).containsExactlyInAnyOrder("leaverequest", "leave", "request");
    }

    @Test
    void upperCaseCodesAreCaseFolded() {
        assertThat(documents.terms("VAT SKU")).containsExactly("vat", "sku");
    }

    @Test
    void pluralsMeetTheirSingular() {
        assertThat(questions.terms("employees")).containsExactly("employee");
    }

    @Test
    void qualifiedNamesSplitAtTheDot() {
        assertThat(documents.terms("hr.employees")).containsExactly("hr", "employee");
    }

    @Test
    void routingAlsoDropsTheWordsOfWhatTheQueryDoes() {
        assertThat(IdentifierAnalyzer.forRouting()
                        .terms("What is the average number of flights per airline, most first?"))
                .containsExactly("flight", "per", "airline", "first");
    }

    @Test
    void questionPhrasingIsDropped() {
        assertThat(questions.terms("How many invoices did we show for the customer?"))
                .containsExactly("invoice", "customer");
    }

    @Test
    void documentsKeepWordsThatOnlyQuestionsDrop() {
        assertThat(documents.terms("show list")).containsExactly("show", "list");
    }
}
