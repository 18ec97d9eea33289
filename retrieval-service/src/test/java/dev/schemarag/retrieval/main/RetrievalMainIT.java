package dev.schemarag.retrieval.main;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The retrieval image's entry point runs from this module's runtime class path alone (what Jib puts into the image):
 * no app, no other service, no embedded stack on it. It becomes ready against a real broker, registry and store, its
 * admin endpoint answers to the host name HTTP_ALLOWED_HOSTS adds and to no other, and SIGTERM stops it within the
 * grace period.
 */
class RetrievalMainIT {
    private static final Pattern ADMIN = Pattern.compile("retrieval admin on (http://\\S+)");

    @Test
    void runsFromItsOwnModulesClassPathUntilSigterm(@TempDir Path home) throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        List<String> classpath = imageClassPath();
        assertThat(classpath)
                .as("the image's class path")
                .noneMatch(
                        entry -> entry.matches(
                                ".*(embedded-stack|testkit|ingest-service|generation-service|debezium|kafka_2\\.13|kafka-server).*"));

        ProcessBuilder builder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx512m",
                        "-Dschemarag.home=" + home,
                        "-cp",
                        String.join(File.pathSeparator, classpath),
                        RetrievalMain.class.getName())
                .redirectErrorStream(true);
        builder.environment()
                .putAll(Map.of(
                        "KAFKA_BOOTSTRAP_SERVERS",
                        stack.bootstrapServers(),
                        "SCHEMA_REGISTRY_URL",
                        stack.registryUrl(),
                        "STORE_JDBC_URL",
                        stack.postgres().jdbcUrl("schemarag"),
                        "STORE_ADMIN_USER",
                        stack.postgres().user(),
                        "STORE_ADMIN_PASSWORD",
                        stack.postgres().password(),
                        "STORE_USER",
                        "retrieval_main_it",
                        "STORE_PASSWORD",
                        "retrieval-main-it-secret",
                        "TOPIC_PREFIX",
                        "retrievalmainit.",
                        "RETRIEVAL_ADMIN_PORT",
                        "0",
                        "HTTP_ALLOWED_HOSTS",
                        "retrieval"));
        Process process = builder.start();
        try {
            CompletableFuture<URI> admin = new CompletableFuture<>();
            StringBuilder output = new StringBuilder();
            Thread reader = new Thread(() -> readOutput(process, admin, output), "retrieval-main-output");
            reader.setDaemon(true);
            reader.start();

            URI url = admin.get(120, TimeUnit.SECONDS);
            HttpClient http = HttpClient.newHttpClient();
            await().atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(500))
                    .untilAsserted(() -> assertThat(http.send(
                                            HttpRequest.newBuilder(url.resolve("/ready"))
                                                    .build(),
                                            HttpResponse.BodyHandlers.discarding())
                                    .statusCode())
                            .as(output::toString)
                            .isEqualTo(200));
            // As a scraper on the compose network names it; any other name is a rebinding page's.
            assertThat(status(http, url.resolve("/metrics"), "retrieval:8082")).isEqualTo(200);
            assertThat(status(http, url.resolve("/metrics"), "attacker.example:8082"))
                    .isEqualTo(421);

            process.destroy(); // SIGTERM: the shutdown hook closes the service, then the JVM exits as terminated
            assertThat(process.waitFor(90, TimeUnit.SECONDS))
                    .as(output::toString)
                    .isTrue();
            assertThat(process.exitValue())
                    .as("128 + SIGTERM, not a failure (1) or a kill (137)\n" + output)
                    .isEqualTo(143);
        } finally {
            process.destroyForcibly();
        }
    }

    private static int status(HttpClient http, URI uri, String host) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(uri).header("Host", host).build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    /** This module's classes and its runtime dependencies, as the build wrote them (target/runtime-classpath.txt). */
    private static List<String> imageClassPath() throws Exception {
        Path target = Path.of("target");
        String dependencies = Files.readString(target.resolve("runtime-classpath.txt"), StandardCharsets.UTF_8)
                .strip();
        return Stream.concat(
                        Stream.of(target.resolve("classes").toAbsolutePath().toString()),
                        Stream.of(dependencies.split(File.pathSeparator)))
                .filter(entry -> !entry.isBlank())
                .toList();
    }

    private static void readOutput(Process process, CompletableFuture<URI> admin, StringBuilder output) {
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = lines.readLine()) != null; ) {
                synchronized (output) {
                    output.append(line).append('\n');
                }
                Matcher m = ADMIN.matcher(line);
                if (m.find()) admin.complete(URI.create(m.group(1)));
            }
            admin.completeExceptionally(new IllegalStateException("retrieval exited before announcing its admin port"));
        } catch (Exception e) {
            admin.completeExceptionally(e);
        }
    }
}
