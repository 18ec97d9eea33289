package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessCpuTest {
    /** A stat line whose command name holds a space and a closing parenthesis; utime 250, stime 50, cutime 7, cstime 3. */
    private static final String STAT = "4242 (post) gres: x) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 50 7 3 20 0 1 0"
            + " 1000 200000000 3000 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";

    @Test
    void countsUserAndSystemTimeFromAfterTheCommandName() {
        assertThat(ProcessCpu.parse(STAT, false)).isEqualTo(Duration.ofMillis(3_000));
    }

    @Test
    void addsTheReapedChildrenForATree() {
        assertThat(ProcessCpu.parse(STAT, true)).isEqualTo(Duration.ofMillis(3_100));
    }

    @Test
    void readsThisJvmsTimeAndItGrowsWithWork() {
        long pid = ProcessHandle.current().pid();
        Duration before = ProcessCpu.of(pid).orElseThrow();
        long spin = System.nanoTime() + Duration.ofMillis(300).toNanos();
        long sink = 0;
        while (System.nanoTime() < spin) sink += Long.numberOfTrailingZeros(sink + System.nanoTime());
        assertThat(sink).isNotNegative();
        Duration after = ProcessCpu.of(pid).orElseThrow();
        assertThat(after).isGreaterThan(before);
        assertThat(ProcessCpu.ofTree(pid).orElseThrow()).isGreaterThanOrEqualTo(after); // read later
    }

    @Test
    void aProcessThatIsGoneHasNoReading() {
        assertThat(ProcessCpu.of(Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void perQuestionFiguresAreTheDifferencesOverTheQuestionsWithTheirTotal() {
        Map<String, Duration> before = new LinkedHashMap<>();
        before.put("retrieval", Duration.ofMillis(1_000));
        before.put("generation", Duration.ofMillis(500));
        Map<String, Duration> after = new LinkedHashMap<>();
        after.put("retrieval", Duration.ofMillis(3_000));
        after.put("generation", Duration.ofMillis(1_500));
        after.put("postgres", Duration.ofMillis(800)); // not read before: left out

        assertThat(PipelineRun.cpuMsPerQuestion(before, after, 100))
                .containsExactly(Map.entry("retrieval", 20.0), Map.entry("generation", 10.0), Map.entry("total", 30.0));
    }
}
