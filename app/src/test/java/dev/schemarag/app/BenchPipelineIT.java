package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.app.cli.SchemaRagCli;
import dev.schemarag.bench.BenchReport;
import dev.schemarag.bench.PipelineBenchmark;
import dev.schemarag.stack.Directories;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code bench pipeline} end to end on a stack of its own, with the scripted LLM so that every stage has records:
 * the JSON has the keys, and every question of both measurements comes out exactly once. Two fleets of
 * three service processes start one after the other, hence {@code slow}.
 */
@Tag("slow")
class BenchPipelineIT {
    private static final int QUESTIONS = 60;
    /** The bench's replay asks 200; a few keep the IT short while asking each kind of question. */
    private static final int REPLAY = 12;
    /**
     * The bench warms up on 100 questions so that its latencies are a JIT-compiled fleet's; no figure checked here
     * depends on that, and 80 fewer questions through each fleet save their time. The first of them times the first
     * question, and the warm-up DDL changes run while they flow, as with 100.
     */
    private static final int WARM_UP = 20;

    @Test
    void theFiguresHaveTheirKeysAndEveryQuestionIsAccountedFor() throws Exception {
        // Under the build directory, not /tmp: PostgreSQL runs as its own OS user and must reach its data.
        Path dir = Path.of("target", "bench-pipeline-it").toAbsolutePath();
        Directories.deleteRecursively(dir);
        Map<String, Object> figures = PipelineBenchmark.measure(
                dir,
                null,
                QUESTIONS,
                WARM_UP,
                20,
                1,
                20,
                0.0,
                REPLAY,
                new PrintWriter(System.out, true),
                SchemaRagCli.class.getName());
        BenchReport report = new BenchReport("bench pipeline");
        figures.forEach(report::put);
        Path json = dir.resolve("figures.json");
        report.writeJson(json);
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        System.out.println("bench pipeline: " + root);

        assertThat(fieldNames(root))
                .startsWith(
                        "questions",
                        "instances",
                        "throughput_per_s",
                        "latency_ms",
                        "stages",
                        "llm_most_concurrent_requests",
                        "ddl_burst_retrieval_p99_ms",
                        "cache_hit_rate")
                .contains("first_question_retrieval_ms", "llm_latency_ms", "rate", "suite", "baseline", "warm_up");
        assertThat(root.get("suite").asText()).isEqualTo("demo");
        assertThat(root.get("warm_up").asInt()).isEqualTo(WARM_UP);
        assertThat(root.get("questions").asInt()).isEqualTo(QUESTIONS);
        assertThat(root.get("llm_latency_ms").asInt()).isEqualTo(20);
        assertMeasured(root);
        assertMeasured(root.get("baseline"));
        assertThat(root.get("baseline").get("instances").asInt()).isEqualTo(1);
    }

    private static void assertMeasured(JsonNode m) {
        assertThat(m.get("sent").asInt()).as("sent").isEqualTo(QUESTIONS);
        assertThat(m.get("lost").asInt()).as("lost").isZero();
        assertThat(m.get("duplicated").asInt()).as("duplicated").isZero();
        assertThat(m.get("llm_most_concurrent_requests").asInt())
                .as("the scripted LLM's most calls under way at once")
                .isPositive();
        assertThat(m.get("answered").asInt())
                .as("answered (valid SQL from the scripted LLM)")
                .isEqualTo(QUESTIONS);
        // The demo executes its answers: each outcome is a result.
        assertThat(m.get("results").asInt()).as("results").isEqualTo(QUESTIONS);
        assertThat(m.get("execution_failed").asInt()).as("execution_failed").isZero();
        assertThat(m.get("results_lost").asInt()).as("results_lost").isZero();
        assertThat(m.get("throughput_per_s").asDouble()).isPositive();
        assertThat(fieldNames(m.get("latency_ms"))).containsExactly("p50", "p95", "p99");
        assertThat(m.get("latency_ms").get("p50").asDouble()).isPositive();
        List<String> stages = List.of(
                "retrieval",
                "generation",
                "validation",
                "execution",
                "statement",
                "execution_added",
                "execution_added_until_made",
                "execution_added_after_made");
        assertThat(fieldNames(m.get("stages"))).containsExactlyElementsOf(stages);
        for (String stage : stages) {
            JsonNode s = m.get("stages").get(stage);
            assertThat(fieldNames(s)).as(stage).containsExactly("p50", "p99");
            assertThat(s.get("p99").isNumber()).as(stage + " p99 measured").isTrue();
        }
        // the scripted LLM's latency lies between the context and the SQL; EXPLAIN and the checks after it
        assertThat(m.get("stages").get("generation").get("p50").asDouble()).isGreaterThanOrEqualTo(20);
        assertThat(m.get("stages").get("validation").get("p99").asDouble()).isPositive();
        assertThat(m.get("first_question_retrieval_ms").asDouble()).isPositive();
        assertThat(m.get("first_question_retrieved_in_ms").asDouble())
                .as("the retriever's own part of the first question's retrieval")
                .isBetween(0.0, m.get("first_question_retrieval_ms").asDouble());
        assertThat(m.get("ddl_burst_retrieval_p99_ms").isNumber())
                .as("questions were answered during the DDL burst")
                .isTrue();
        assertThat(m.get("ddl_burst_catalog_lag_ms").asLong())
                .as("the burst's last change reached the store")
                .isPositive();
        // every question is new to the embedding cache, and to the answer cache, which looks each one up
        assertThat(m.get("cache_hit_rate").asDouble()).isZero();
        assertThat(m.get("answer_cache").get("lookups").asInt())
                .as("answer cache lookups")
                .isEqualTo(QUESTIONS);
        assertThat(m.get("answer_cache").get("hits").asInt())
                .as("answer cache hits")
                .isZero();
        JsonNode cpu = m.get("cpu_ms_per_question");
        assertThat(fieldNames(cpu))
                .containsExactly(
                        "ingest",
                        "retrieval",
                        "generation",
                        "execution",
                        "postgres",
                        "broker_registry_and_bench",
                        "total");
        for (String process : List.of("retrieval", "generation", "execution", "postgres", "broker_registry_and_bench"))
            assertThat(cpu.get(process).asDouble())
                    .as(process + " CPU per question")
                    .isPositive();
        JsonNode perAnswer = m.get("cpu_per_answer");
        assertThat(perAnswer.get("answered").asLong())
                .isEqualTo(m.get("answered").asLong());
        assertThat(perAnswer.get("ms").asDouble())
                .as("CPU per answer")
                .isGreaterThanOrEqualTo(cpu.get("total").asDouble());
        assertThat(perAnswer.get("projected_answers_per_s_per_core").asDouble())
                .isEqualTo(1_000 / perAnswer.get("ms").asDouble(), within(1e-9));
        // The demo's documented queries read its columns: a rename quarantines some, renaming back restores them.
        JsonNode quarantine = m.get("example_quarantine");
        assertThat(quarantine.get("examples").asInt()).isPositive();
        assertThat(quarantine.get("quarantine_ms").isNumber()).as("quarantined").isTrue();
        assertThat(quarantine.get("restore_ms").isNumber()).as("restored").isTrue();
        // Asked again while renamed: the answers cached before the rename that read it, and its examples, are not used.
        JsonNode replay = quarantine.get("replay");
        assertThat(replay.get("asked").asInt()).isEqualTo(REPLAY);
        assertThat(replay.get("asked_reading_column").asInt())
                .as("questions whose example reads the renamed column")
                .isPositive();
        assertThat(replay.get("from_cache").asInt())
                .as("answers the cache served: entries whose tables did not change")
                .isPositive();
        assertThat(replay.get("used_quarantined").asInt())
                .as("answers using a quarantined example")
                .isZero();
        assertThat(replay.get("used_stale_cache").asInt())
                .as("answers from a stale cache entry")
                .isZero();
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
