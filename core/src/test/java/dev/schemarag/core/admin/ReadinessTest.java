package dev.schemarag.core.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;

class ReadinessTest {
    private static final ReadinessCheck UP = ReadinessCheck.of("store", () -> CheckResult.up("reachable"));

    @Test
    void readyWhenEveryCheckIsUp() {
        try (Readiness readiness =
                new Readiness(List.of(UP, ReadinessChecks.streams("streams", () -> KafkaStreams.State.RUNNING)))) {
            ReadinessReport report = readiness.evaluate();

            assertThat(report.ready()).isTrue();
            assertThat(report.body())
                    .isEqualTo(Map.of(
                            "status",
                            "UP",
                            "checks",
                            List.of(
                                    Map.of("name", "store", "status", "UP", "detail", "reachable"),
                                    Map.of("name", "streams", "status", "UP", "detail", "RUNNING"))));
        }
    }

    @Test
    void oneCheckDownMakesTheServiceNotReady() {
        try (Readiness readiness =
                new Readiness(List.of(UP, ReadinessChecks.streams("streams", () -> KafkaStreams.State.REBALANCING)))) {
            ReadinessReport report = readiness.evaluate();

            assertThat(report.ready()).isFalse();
            assertThat(report.body()).containsEntry("status", "DOWN");
            assertThat(report.checks().get(1).result()).isEqualTo(CheckResult.down("REBALANCING"));
        }
    }

    @Test
    void aThrowingCheckIsDownNamedByTheExceptionClassOnly() {
        ReadinessCheck failing = ReadinessCheck.of("store", () -> {
            throw new SQLException("FATAL: password authentication failed for user \"secret_user\" at db.internal");
        });
        try (Readiness readiness = new Readiness(List.of(failing))) {
            CheckResult result = readiness.evaluate().checks().get(0).result();

            assertThat(result).isEqualTo(CheckResult.down("SQLException"));
        }
    }

    @Test
    void aCheckThatHangsIsDownAfterTheTimeoutWhileTheOthersAnswer() {
        CountDownLatch never = new CountDownLatch(1);
        ReadinessCheck hanging = ReadinessCheck.of("schema-registry", () -> {
            never.await();
            return CheckResult.up("reachable");
        });
        try (Readiness readiness = new Readiness(List.of(hanging, UP), Duration.ofMillis(100))) {
            ReadinessReport report = readiness.evaluate();

            assertThat(report.checks().get(0).result()).isEqualTo(CheckResult.down("no answer within 100 ms"));
            assertThat(report.checks().get(1).result().up()).isTrue();
            assertThat(report.ready()).isFalse();
        }
    }

    @Test
    void aConditionReportsItsDetail() throws Exception {
        assertThat(ReadinessChecks.condition(
                                "change-capture", () -> false, "every engine running", "an engine is stopped")
                        .check())
                .isEqualTo(CheckResult.down("an engine is stopped"));
    }
}
