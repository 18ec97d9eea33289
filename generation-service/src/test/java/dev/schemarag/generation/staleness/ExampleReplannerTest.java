package dev.schemarag.generation.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.generation.answer.StatementValidator.Rejection;
import org.junit.jupiter.api.Test;

class ExampleReplannerTest {

    @Test
    void aMissingColumnBreaksTheExampleWithItsSqlstateAndTheDatabasesMessage() {
        assertThat(ExampleReplanner.of(new Rejection(
                        ErrorClass.SQL_ERROR, "42703", "ERROR: column \"first_name\" does not exist\n  Position: 10")))
                .isEqualTo(new Replan.Broken("42703", "42703 column \"first_name\" does not exist"));
    }

    @Test
    void aLostPrivilegeOrABlockedStatementBreaksItToo() {
        assertThat(ExampleReplanner.of(new Rejection(ErrorClass.VALIDATION_BLOCK, "42501", "permission denied")))
                .isInstanceOf(Replan.Broken.class);
        assertThat(ExampleReplanner.of(new Rejection(ErrorClass.VALIDATION_BLOCK, null, "blocked")))
                .isEqualTo(new Replan.Broken(null, "blocked"));
    }

    @Test
    void anOutageOrATimeoutSaysNothingAboutTheExample() {
        assertThat(ExampleReplanner.of(new Rejection(ErrorClass.INFRA_FAILURE, "08006", "connection refused")))
                .isInstanceOf(Replan.Undecided.class);
        assertThat(ExampleReplanner.of(new Rejection(ErrorClass.QUERY_TIMEOUT, "57014", "canceling statement")))
                .isInstanceOf(Replan.Undecided.class);
    }
}
