package dev.schemarag.generation.service;

import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.generation.execution.ExecutionOutcome;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What running one statement gave, as people and agents read it (the MCP tool {@code run_sql}): its rows, or why it
 * did not run or failed running. Serialized as is, it is their JSON. Lint findings stand either way.
 */
public sealed interface SqlRun {

    List<StatementVerdict.LintFinding> lint();

    /** The rows read within the caps; masked columns have null cells. */
    record Ran(
            List<OutcomeView.Column> columns,
            List<List<@Nullable String>> rows,
            int rowCount,
            boolean truncated,
            long executionMs,
            String executedAs,
            List<StatementVerdict.LintFinding> lint)
            implements SqlRun {
        public Ran {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
            lint = List.copyOf(lint);
        }

        static Ran of(ExecutionOutcome.Rows rows, List<StatementVerdict.LintFinding> lint) {
            return new Ran(
                    rows.columns().stream()
                            .map(c -> new OutcomeView.Column(c.name(), c.type(), c.masked()))
                            .toList(),
                    rows.rows(),
                    rows.rows().size(),
                    rows.truncated(),
                    rows.executionMs(),
                    rows.executedAs(),
                    lint);
        }
    }

    /**
     * Refused before it ran (not allowed, not valid) or failed running.
     *
     * @param errorClass the error class's wire name
     * @param sqlstate null unless the database refused the statement
     */
    record NotRun(String errorClass, String sqlstate, String message, List<StatementVerdict.LintFinding> lint)
            implements SqlRun {
        public NotRun {
            lint = List.copyOf(lint);
        }
    }
}
