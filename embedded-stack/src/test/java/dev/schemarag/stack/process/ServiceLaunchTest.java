package dev.schemarag.stack.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServiceLaunchTest {
    private static final String CLI = "org.example.Cli";
    private final ServiceLaunch retrieval = new ServiceLaunch(
            "retrieval", List.of(), "/jdk/bin/java", "/a.jar:/b", CLI, List.of("-Xmx512m"), Path.of("/run/retrieval"));

    @Test
    void theCommandRunsServeWithTheServicesHomeAndThisClasspath() {
        assertThat(retrieval.command())
                .containsExactly(
                        "/jdk/bin/java",
                        "-Xmx512m",
                        "-Dschemarag.home=/run/retrieval",
                        "-cp",
                        "/a.jar:/b",
                        CLI,
                        "serve",
                        "retrieval");
    }

    @Test
    void givenALauncher_thenItRunsTheJavaCommand() {
        ServiceLaunch ingest = new ServiceLaunch(
                "ingest",
                List.of("/usr/bin/nice", "-n", "10"),
                "/jdk/bin/java",
                "/a.jar",
                CLI,
                List.of(),
                Path.of("/run/ingest"));

        assertThat(ingest.command())
                .startsWith("/usr/bin/nice", "-n", "10", "/jdk/bin/java")
                .endsWith("serve", "ingest");
    }

    @Test
    void onThisMachineANicenessLowersTheServicesPriorityAndNoneLeavesIt() {
        assertThat(ServiceLaunch.ofThisJvm(CLI, "ingest", 10, Path.of("/run/ingest"))
                        .launcher())
                .containsExactly("/usr/bin/nice", "-n", "10");
        assertThat(ServiceLaunch.ofThisJvm(CLI, "retrieval", 0, Path.of("/run/retrieval"))
                        .launcher())
                .isEmpty();
    }

    @Test
    void theAdminEndpointIsTakenFromItsOwnServicesLineOnly() {
        assertThat(retrieval.adminUrl("12:00:01 INFO retrieval admin on http://127.0.0.1:41234"))
                .contains(URI.create("http://127.0.0.1:41234"));
        assertThat(retrieval.adminUrl("generation admin on http://127.0.0.1:41235"))
                .isEmpty();
        assertThat(retrieval.adminUrl("ingest service running; admin on 127.0.0.1:8081"))
                .isEmpty();
    }

    @Test
    void runningIsAnnouncedByTheServicesOwnLine() {
        assertThat(retrieval.announcesRunning("retrieval service running")).isTrue();
        assertThat(retrieval.announcesRunning("generation service running")).isFalse();
    }

    @Test
    void relativeClasspathEntriesAreResolvedAgainstTheWorkingDirectory() {
        String classpath = String.join(File.pathSeparator, "app/target/classes", "/m2/x.jar", "");
        assertThat(ServiceLaunch.absolute(classpath, Path.of("/work/checkout")))
                .isEqualTo(String.join(File.pathSeparator, "/work/checkout/app/target/classes", "/m2/x.jar"));
    }
}
