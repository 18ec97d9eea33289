package dev.schemarag.generation.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Gold SQL written by people must not be blocked or flagged with errors: it measures false positives. */
class SpiderGoldSqlTest {

    private static final Logger log = LoggerFactory.getLogger(SpiderGoldSqlTest.class);
    /** ../shared next to the repository; tests run in the module directory, one level further down. */
    private static final List<Path> QUESTIONS = List.of(
            Path.of("../shared/bench/spider-dev/questions.jsonl"),
            Path.of("../../shared/bench/spider-dev/questions.jsonl"));

    @Test
    void givenSpiderDevGoldSql_whenValidated_thenNoFalseBlocksAndFewLintErrors() throws IOException {
        Optional<Path> questions = QUESTIONS.stream().filter(Files::exists).findFirst();
        assumeTrue(questions.isPresent(), "Spider dev questions not found at " + QUESTIONS);
        ObjectMapper json = new ObjectMapper();
        SqlLinter linter = new SqlLinter();
        ReadOnlySafetyGuard guard = new ReadOnlySafetyGuard();
        int total = 0;
        int parsed = 0;
        int passedLint = 0;
        int passedSafety = 0;
        List<String> lintErrors = new ArrayList<>();
        List<String> blocked = new ArrayList<>();
        for (String line : Files.readAllLines(questions.get())) {
            if (line.isBlank()) continue;
            JsonNode question = json.readTree(line);
            String sql = question.get("gold_sql").asText();
            total++;
            boolean parses = ParsedStatement.parse(sql).parsed();
            if (parses) parsed++;
            LintReport report = linter.lint(sql);
            if (report.hasErrors()) lintErrors.add(question.get("id").asText() + " " + report.errors() + " :: " + sql);
            else passedLint++;
            SafetyVerdict verdict = guard.check(sql);
            if (verdict.allowed()) passedSafety++;
            else blocked.add(question.get("id").asText() + " " + verdict.reason() + " :: " + sql);
        }
        log.info("Spider dev gold SQL: total={}, parsed={}, passed lint={}, passed safety={}",
                total, parsed, passedLint, passedSafety);
        lintErrors.forEach(e -> log.info("lint error: {}", e));
        blocked.forEach(b -> log.info("blocked: {}", b));
        assertThat(total).isPositive();
    }
}
