package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.app.supervision.ServicePids;
import dev.schemarag.app.supervision.SupervisedLayout;
import dev.schemarag.core.service.Service;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.MemberDescription;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schemarag up}, {@code status}, {@code ask} and {@code down} through the command line on the test stack (the
 * settings point at it, so no embedded stack is started), in a temporary home and on free admin ports: the services
 * run as supervised processes with static membership, one killed with SIGKILL is started again, services a killed
 * supervisor left behind are stopped by the next {@code up}, and {@code down} leaves no process behind.
 */
class UpDownIT {
    private static CliTestEnvironment environment;
    private static Path home;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        home = dir;
        Map<String, String> ports = new HashMap<>();
        for (Service service : Service.values()) ports.put(service.adminPort().key(), Integer.toString(freePort()));
        // No pipeline in this JVM: it would share the services' groups, and each process joining would move partitions
        // away from it in a follow-up rebalance, during which status rightly reports the service not ready.
        environment = CliTestEnvironment.start("up_it", dir, false, ports);
    }

    @AfterAll
    static void stop() {
        try {
            if (environment != null) CliTestEnvironment.execute("down");
        } finally {
            if (environment != null) environment.close();
        }
    }

    @Test
    void upSupervisesTheServicesThatAskUsesAndDownStopsThem() throws Exception {
        CliTestEnvironment.Run up = CliTestEnvironment.execute("up", "--timeout-seconds", "240");
        assertThat(up.exitCode()).as(up.output()).isZero();
        SupervisedLayout layout = new SupervisedLayout(home);
        assertThat(layout.log(Service.RETRIEVAL)).exists();

        CliTestEnvironment.Run status = CliTestEnvironment.execute("status");
        assertThat(status.exitCode()).as(status.output()).isZero();
        String retrievalPort = System.getProperty("retrieval.admin.port");
        assertThat(status.output())
                .containsPattern("retrieval +pid \\d+ +ready +http://127\\.0\\.0\\.1:" + retrievalPort)
                .containsPattern("ingest +pid \\d+ +ready")
                .containsPattern("generation +pid \\d+ +ready");

        try (Admin admin = Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, environment.services.bootstrapServers()))) {
            Set<String> instances =
                    admin.describeConsumerGroups(Set.of("up_it.retrieval")).all().get().values().stream()
                            .flatMap(g -> g.members().stream())
                            .map(MemberDescription::groupInstanceId)
                            .flatMap(java.util.Optional::stream)
                            .collect(Collectors.toSet());
            // Kafka Streams suffixes the configured instance id with its stream thread's index.
            assertThat(instances).isNotEmpty().allSatisfy(id -> assertThat(id).startsWith("retrieval-"));
        }

        CliTestEnvironment.Run ask = CliTestEnvironment.execute(
                "ask", "--db", environment.databaseId, "How many employees are in each department?", "--timeout", "60");
        assertThat(ask.exitCode()).as(ask.output()).isZero();
        assertThat(ask.output()).contains(CliTestEnvironment.DOCUMENTED_SQL);

        long killed = pid(layout, Service.RETRIEVAL);
        ProcessHandle.of(killed).orElseThrow().destroyForcibly();
        long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        OptionalLong restarted = OptionalLong.empty();
        while (System.nanoTime() < deadline) {
            OptionalLong now = ServicePids.parse(Files.readString(layout.servicePidsFile(), StandardCharsets.UTF_8))
                    .of(Service.RETRIEVAL);
            if (now.isPresent()
                    && now.getAsLong() != killed
                    && CliTestEnvironment.execute("status").exitCode() == 0) {
                restarted = now;
                break;
            }
            Thread.sleep(1000);
        }
        assertThat(restarted).as("retrieval started again after kill -9").isPresent();

        // A supervisor killed with SIGKILL leaves its services running: the next up stops them before it starts its
        // own.
        ProcessHandle killedSupervisor = ProcessHandle.of(supervisorPid(layout)).orElseThrow();
        killedSupervisor.destroyForcibly();
        killedSupervisor.onExit().join();
        Set<Long> orphans = servicePids(layout);
        CliTestEnvironment.Run upAgain = CliTestEnvironment.execute("up", "--timeout-seconds", "240");
        assertThat(upAgain.exitCode()).as(upAgain.output()).isZero();
        assertThat(upAgain.output()).contains("stopped services a killed supervisor left running");
        assertThat(orphans).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive))
                .isEmpty());

        long supervisor = supervisorPid(layout);
        Set<Long> services = servicePids(layout);
        CliTestEnvironment.Run down = CliTestEnvironment.execute("down");
        assertThat(down.exitCode()).as(down.output()).isZero();
        assertThat(down.output()).contains("services stopped");
        assertThat(ProcessHandle.of(supervisor).filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(services).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive))
                .isEmpty());
        CliTestEnvironment.Run after = CliTestEnvironment.execute("status");
        assertThat(after.exitCode()).isEqualTo(1);
        assertThat(after.output()).contains("supervisor  not running").containsPattern("retrieval +pid - +down");
    }

    private static long supervisorPid(SupervisedLayout layout) throws IOException {
        return Long.parseLong(
                Files.readAllLines(layout.supervisorPidFile()).get(0).strip());
    }

    private static Set<Long> servicePids(SupervisedLayout layout) {
        return Arrays.stream(Service.values()).map(s -> pid(layout, s)).collect(Collectors.toSet());
    }

    private static long pid(SupervisedLayout layout, Service service) {
        try {
            return ServicePids.parse(Files.readString(layout.servicePidsFile(), StandardCharsets.UTF_8))
                    .of(service)
                    .orElseThrow();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
