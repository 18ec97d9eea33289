package dev.schemarag.generation.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.failure.ErrorClass;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RepairBudgetTest {

    @Test
    void noCandidateFollowsTheLastAttempt() {
        RepairBudget budget = RepairBudget.of(3);

        assertThat(budget.allows(ErrorClass.SQL_ERROR, 2, 2)).isTrue();
        assertThat(budget.allows(ErrorClass.SQL_ERROR, 3, 3)).isFalse();
        assertThat(budget.allows(ErrorClass.QUERY_TIMEOUT, 2, 2)).isTrue();
    }

    @Test
    void aClassRepairedOnlyOnceGetsNoSecondRepairWhateverTheAttemptsLeft() {
        RepairBudget budget = new RepairBudget(5, Set.of(ErrorClass.QUERY_TIMEOUT));

        assertThat(budget.allows(ErrorClass.QUERY_TIMEOUT, 1, 1)).isTrue();
        assertThat(budget.allows(ErrorClass.QUERY_TIMEOUT, 2, 3)).isFalse();
        assertThat(budget.allows(ErrorClass.SQL_ERROR, 2, 3)).isTrue();
    }

    @Test
    void atLeastOneAttempt() {
        assertThatThrownBy(() -> RepairBudget.of(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
