package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the validators over the Spider dev gold SQL, written by people and known to answer its question, to
 * measure false positives. The gold SQL is SQLite; where it is not valid PostgreSQL a lint error is expected.
 */
class SpiderGoldSqlTest {

    private static final Logger log = LoggerFactory.getLogger(SpiderGoldSqlTest.class);
    /** ../shared next to the repository; tests run in the module directory, one level further down. */
    private static final List<Path> BENCH =
            List.of(Path.of("../shared/bench/spider-dev"), Path.of("../../shared/bench/spider-dev"));

    private static final List<Path> SPIDER2_LITE =
            List.of(Path.of("../shared/bench/spider2-lite-local"), Path.of("../../shared/bench/spider2-lite-local"));
    /** SQLite functions in Spider 2.0-lite's gold SQL, which PostgreSQL does not have. */
    private static final Pattern SQLITE_FUNCTION =
            Pattern.compile("function (julianday|strftime|instr|ifnull) is not allowed");

    private static final Pattern QUALIFIED_COLUMN =
            Pattern.compile("\\b(T\\d)\\.([A-Za-z_]\\w{4,})\\b", Pattern.CASE_INSENSITIVE);

    private record Gold(String id, String dbId, String sql) {}

    private static List<Gold> golds = List.of();
    private static Map<String, SchemaColumns> schemas = Map.of();

    private final SqlLinter linter = new SqlLinter();
    private final ReadOnlySafetyGuard guard = new ReadOnlySafetyGuard();

    @BeforeAll
    static void loadBench() throws IOException, JSQLParserException {
        Optional<Path> bench = BENCH.stream()
                .filter(p -> Files.exists(p.resolve("questions.jsonl")))
                .findFirst();
        if (bench.isEmpty()) return;
        ObjectMapper json = new ObjectMapper();
        List<Gold> loaded = new ArrayList<>();
        for (String line : Files.readAllLines(bench.get().resolve("questions.jsonl"))) {
            if (line.isBlank()) continue;
            JsonNode question = json.readTree(line);
            loaded.add(new Gold(
                    question.get("id").asText(),
                    question.get("db_id").asText(),
                    question.get("gold_sql").asText()));
        }
        golds = loaded;
        Map<String, SchemaColumns> byDb = new HashMap<>();
        try (var files = Files.list(bench.get().resolve("schema"))) {
            for (Path file : files.toList()) {
                byDb.put(file.getFileName().toString().replace(".sql", ""), schemaOf(Files.readString(file)));
            }
        }
        schemas = byDb;
    }

    private static SchemaColumns schemaOf(String ddl) throws JSQLParserException {
        Map<String, List<String>> columns = new LinkedHashMap<>();
        for (Statement statement : CCJSqlParserUtil.parseStatements(ddl)) {
            if (statement instanceof CreateTable create) {
                columns.put(
                        create.getTable().getFullyQualifiedName(),
                        create.getColumnDefinitions().stream()
                                .map(ColumnDefinition::getColumnName)
                                .map(Identifiers::normalize)
                                .toList());
            }
        }
        return SchemaColumns.of(columns);
    }

    @Test
    void givenGoldSql_whenValidated_thenNoSafetyBlockAndOnlyDialectLintErrors() {
        assumeTrue(!golds.isEmpty(), "Spider dev bench not found at " + BENCH);
        int parsed = 0;
        int passedLint = 0;
        int passedSafety = 0;
        List<String> blocked = new ArrayList<>();
        List<LintIssue> lintErrors = new ArrayList<>();
        Map<String, Integer> warnings = new LinkedHashMap<>();
        for (Gold gold : golds) {
            if (ParsedStatement.parse(gold.sql()).parsed()) parsed++;
            LintReport report = linter.lint(gold.sql(), schemas.getOrDefault(gold.dbId(), SchemaColumns.empty()));
            report.warnings().forEach(w -> warnings.merge(w.code().code(), 1, Integer::sum));
            if (report.hasErrors()) {
                lintErrors.addAll(report.errors());
                log.info("lint error in {}: {} :: {}", gold.id(), report.errors(), gold.sql());
            } else {
                passedLint++;
            }
            SafetyVerdict verdict = guard.check(gold.sql());
            if (verdict.allowed()) passedSafety++;
            else blocked.add(gold.id() + ": " + verdict.reason() + " :: " + gold.sql());
        }
        log.info(
                "Spider dev gold SQL: total={}, parsed={}, passed lint={}, passed safety={}, warnings={}",
                golds.size(),
                parsed,
                passedLint,
                passedSafety,
                warnings);

        assertThat(blocked).as("gold SQL blocked by the safety guard").isEmpty();
        // Measured: 2 of 1034, both "JOIN t AS x" without ON, which SQLite reads as a cross join and PostgreSQL
        // rejects.
        assertThat(lintErrors).extracting(LintIssue::code).containsOnly(LintCode.JOIN_WITHOUT_CONDITION);
        assertThat(golds.size() - passedLint).isLessThanOrEqualTo(2);
        // SQLite also rejects ambiguous column references, so any such warning on gold SQL would be a false positive.
        assertThat(warnings).doesNotContainKey(LintCode.AMBIGUOUS_COLUMN.code());
    }

    /**
     * Spider 2.0-lite's gold SQL is long, analytic and CTE-heavy: the structural budgets must leave all of it alone.
     * The guard blocks only the queries calling SQLite functions (10 of 24).
     */
    @Test
    void givenSpider2LiteGoldSql_whenChecked_thenOnlySqliteFunctionsAreBlockedAndNoStructuralBudgetIsReached()
            throws IOException {
        Optional<Path> bench = SPIDER2_LITE.stream()
                .filter(p -> Files.exists(p.resolve("questions.jsonl")))
                .findFirst();
        assumeTrue(bench.isPresent(), "Spider 2.0-lite bench not found at " + SPIDER2_LITE);
        ObjectMapper json = new ObjectMapper();
        int allowed = 0;
        List<String> refusals = new ArrayList<>();
        for (String line : Files.readAllLines(bench.get().resolve("questions.jsonl"))) {
            if (line.isBlank()) continue;
            String sql = json.readTree(line).get("gold_sql").asText();
            Select select = (Select) ParsedStatement.parse(sql).statement().orElseThrow();
            StructuralBudget.DEFAULT.violation(StatementShape.of(select)).ifPresent(refusals::add);
            SafetyVerdict verdict = guard.check(sql);
            if (verdict.allowed()) allowed++;
            else if (!SQLITE_FUNCTION.matcher(verdict.reason()).matches()) refusals.add(verdict.reason());
        }

        assertThat(refusals).isEmpty();
        assertThat(allowed).isEqualTo(14);
    }

    /** Misspells one qualified column of each gold query (two letters swapped) and lets autocorrect repair it. */
    @Test
    void givenGoldSqlWithATransposedColumnName_whenAutocorrected_thenTheGoldSqlComesBack() {
        assumeTrue(!golds.isEmpty(), "Spider dev bench not found at " + BENCH);
        int attempts = 0;
        int restored = 0;
        int wrong = 0;
        for (Gold gold : golds) {
            Matcher reference = QUALIFIED_COLUMN.matcher(gold.sql());
            if (!reference.find()) continue;
            String column = reference.group(2);
            String typo = column.substring(0, 2) + column.charAt(3) + column.charAt(2) + column.substring(4);
            if (typo.equalsIgnoreCase(column)) continue;
            String failed = gold.sql().substring(0, reference.start(2))
                    + typo
                    + gold.sql().substring(reference.end(2));
            String message = "column " + reference.group(1).toLowerCase(Locale.ROOT) + "."
                    + typo.toLowerCase(Locale.ROOT) + " does not exist";
            attempts++;
            Optional<String> fixed = new ColumnCandidates(schemas.get(gold.dbId())).autocorrect(failed, message);
            if (fixed.isEmpty()) continue;
            if (fixed.get().equalsIgnoreCase(gold.sql())) restored++;
            else {
                wrong++;
                log.info("autocorrect chose another column in {}: {} -> {}", gold.id(), failed, fixed.get());
            }
        }
        log.info(
                "Spider autocorrect: attempts={}, restored={}, wrong={}, left to the generator={}",
                attempts,
                restored,
                wrong,
                attempts - restored - wrong);
        assertThat(wrong).isZero();
        assertThat(restored).isGreaterThanOrEqualTo(attempts * 9 / 10);
    }
}
