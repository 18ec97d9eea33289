package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.core.http.HttpSettings;
import dev.schemarag.core.service.Service;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The production compose file at the repository root: valid for docker-compose, and wired to the images the
 * {@code images} profiles of the service modules' and the web console's poms build. Surefire runs in the module directory, hence the paths.
 */
class DockerComposeFileTest {
    private static final Path COMPOSE_FILE = Path.of("..", "docker-compose.yml");
    private static final Path PARENT_POM = Path.of("..", "pom.xml");
    private static final List<String> INFRASTRUCTURE = List.of("kafka", "schema-registry", "postgres");
    private static final List<String> SERVICES =
            Arrays.stream(Service.values()).map(Service::id).toList();
    /** The module whose {@code images} profile builds each service's image. */
    private static final Map<String, String> MODULES = Map.of(
            "ingest", "ingest-service",
            "retrieval", "retrieval-service",
            "generation", "generation-service",
            "execution", "generation-service",
            "web", "web-console");
    /** {@code ${VAR:-default}}: compose's interpolation with a default. */
    private static final Pattern DEFAULTED_VARIABLE = Pattern.compile("\\$\\{[A-Za-z0-9_]+:-([^}]*)}");
    /** Any interpolation: the variable's name, then what follows it ({@code :-default}, {@code :?message}, nothing...). */
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z0-9_]+)([^}]*)}");

    private static final Pattern SECRET_NAME = Pattern.compile(".*(PASSWORD|SECRET|TOKEN|API_KEY).*");
    /** Optional secrets: absent means a feature is off (no LLM: offline answers), so empty is their only default. */
    private static final List<String> OPTIONAL_SECRETS = List.of("LLM_API_KEY");
    /** Values for every required secret, so that {@code docker-compose config} can interpolate the file. */
    private static final Map<String, String> REQUIRED_SECRETS = Map.of(
            "POSTGRES_PASSWORD",
            "pg-secret",
            "STORE_PASSWORD",
            "store-secret",
            "CDC_REPLICATION_PASSWORD",
            "cdc-secret",
            "GENERATION_READER_PASSWORD",
            "reader-secret",
            "SCHEMARAG_ADMIN_TOKEN",
            "a-token-of-24-characters");

    private static String composeText;
    private static JsonNode compose;
    private static JsonNode services;
    private static JibProfile jib;

    @BeforeAll
    static void readComposeFileAndImagesProfile() throws Exception {
        composeText = Files.readString(COMPOSE_FILE);
        compose = new ObjectMapper(new YAMLFactory()).readTree(composeText);
        services = compose.path("services");
        jib = JibProfile.read(PARENT_POM, MODULES);
    }

    @Test
    void declaresTheInfrastructureTheServicesAndTheWebConsole() {
        List<String> names = new ArrayList<>();
        services.fieldNames().forEachRemaining(names::add);

        assertThat(names)
                .containsExactlyInAnyOrder(
                        "kafka",
                        "schema-registry",
                        "postgres",
                        "ingest",
                        "retrieval",
                        "generation",
                        "execution",
                        "web");
    }

    @Test
    void postgresRunsWithLogicalDecodingForChangeCapture() {
        JsonNode command = services.path("postgres").path("command");

        List<String> arguments = new ArrayList<>();
        if (command.isArray()) command.forEach(a -> arguments.add(a.asText()));
        else arguments.addAll(List.of(command.asText().split("\\s+")));

        assertThat(arguments).contains("wal_level=logical", "max_replication_slots=10", "max_wal_senders=10");
    }

    @Test
    void everyInfrastructureContainerHasAHealthcheck() {
        for (String name : INFRASTRUCTURE) {
            assertThat(services.path(name).path("healthcheck").path("test").isArray())
                    .as(name + " healthcheck")
                    .isTrue();
        }
    }

    @Test
    void eachServiceWaitsForHealthyKafkaRegistryAndPostgres() {
        for (String service : SERVICES) {
            JsonNode dependsOn = services.path(service).path("depends_on");
            for (String dependency : INFRASTRUCTURE) {
                assertThat(dependsOn.path(dependency).path("condition").asText())
                        .as(service + " depends on " + dependency)
                        .isEqualTo("service_healthy");
            }
        }
    }

    @Test
    void eachServiceRunsTheImageTheJibProfileBuildsForIt() {
        Map<String, String> composeImagesByService = new LinkedHashMap<>();
        for (String service : SERVICES) {
            composeImagesByService.put(
                    service, withDefaults(services.path(service).path("image").asText()));
        }

        assertThat(composeImagesByService)
                .isEqualTo(jib.imagesByService())
                .containsEntry("ingest", "schemarag/ingest-service:0.1.0")
                .containsEntry("web", "schemarag/web-console:0.1.0");
    }

    @Test
    void eachServiceKeepsItsStateOnANamedVolumeAtTheImageWorkingDirectory() {
        for (String service : SERVICES) {
            List<String> volumes = new ArrayList<>();
            services.path(service).path("volumes").forEach(v -> volumes.add(v.asText()));

            assertThat(volumes).as(service + " volumes").contains(service + "-state:" + jib.workingDirectory());
            assertThat(compose.path("volumes").has(service + "-state"))
                    .as(service + "-state declared")
                    .isTrue();
        }
    }

    @Test
    void theIngestAdminEndpointListensBeyondLoopbackOnlyWithARequiredToken() {
        JsonNode environment = services.path("ingest").path("environment");

        assertThat(environment.path("ADMIN_HOST").asText()).isEqualTo("0.0.0.0");
        assertThat(environment.path("SCHEMARAG_ADMIN_TOKEN").asText()).startsWith("${SCHEMARAG_ADMIN_TOKEN:?");
    }

    @Test
    void theWebConsoleListensBeyondLoopbackOnlyWithARequiredTokenAndItsHostPortOnLoopback() {
        JsonNode web = services.path("web");
        JsonNode environment = web.path("environment");
        List<String> ports = new ArrayList<>();
        web.path("ports").forEach(p -> ports.add(p.asText()));

        assertThat(environment.path("WEB_HOST").asText()).isEqualTo("0.0.0.0");
        assertThat(environment.path("SCHEMARAG_ADMIN_TOKEN").asText()).startsWith("${SCHEMARAG_ADMIN_TOKEN:?");
        assertThat(ports)
                .containsExactly("127.0.0.1:${WEB_HOST_PORT:-8080}:"
                        + environment.path("WEB_PORT").asText());
    }

    /** A scraper or another container names a service by its compose name: a Host header each must accept. */
    @Test
    void eachServiceAnswersToItsComposeServiceNameAndToTheNamesTheOperatorAdds() {
        for (String service : SERVICES) {
            JsonNode environment = services.path(service).path("environment");
            String hosts = environment
                    .path(HttpSettings.ALLOWED_HOSTS.environmentVariable())
                    .asText();
            String origins = environment
                    .path(HttpSettings.ALLOWED_ORIGINS.environmentVariable())
                    .asText();

            assertThat(hosts).as(service).isEqualTo(service + ",${HTTP_ALLOWED_HOSTS:-}");
            assertThat(HttpAllowList.from(Settings.of(Map.of(
                                    HttpSettings.ALLOWED_HOSTS.key(), withDefaults(hosts),
                                    HttpSettings.ALLOWED_ORIGINS.key(), withDefaults(origins))))
                            .hosts())
                    .as(service)
                    .containsExactly(service);
            assertThat(origins).as(service).isEqualTo("${HTTP_ALLOWED_ORIGINS:-}");
        }
    }

    /** The image has curl (eclipse-temurin installs it); the probe runs inside the container, hence localhost. */
    @Test
    void eachServiceIsHealthyWhenItsAdminEndpointIsReadyAndIsRestartedAfterItExits() {
        for (String service : SERVICES) {
            JsonNode definition = services.path(service);
            String port = definition
                    .path("environment")
                    .path(Service.byId(service).orElseThrow().adminPort().environmentVariable())
                    .asText();
            List<String> test = new ArrayList<>();
            definition.path("healthcheck").path("test").forEach(t -> test.add(t.asText()));

            assertThat(port).as(service + " admin port").matches("[0-9]+");
            assertThat(test)
                    .as(service + " healthcheck")
                    .containsExactly("CMD-SHELL", "curl -fsS http://localhost:" + port + "/ready > /dev/null");
            assertThat(definition.path("restart").asText()).as(service).isEqualTo("unless-stopped");
        }
    }

    @Test
    void noSecretHasADefaultAndEveryRequiredOneStopsComposeWhenUnset() {
        Map<String, List<String>> secrets = new LinkedHashMap<>();
        Matcher m = VARIABLE.matcher(composeText);
        while (m.find()) {
            if (SECRET_NAME.matcher(m.group(1)).matches())
                secrets.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(m.group(2));
        }

        assertThat(secrets.keySet()).containsAll(REQUIRED_SECRETS.keySet());
        secrets.forEach((name, uses) -> {
            for (String use : uses) {
                if (OPTIONAL_SECRETS.contains(name)) assertThat(use).as(name).isIn("", ":-");
                else
                    assertThat(use)
                            .as(name + " must be ${" + name + ":?message}")
                            .startsWith(":?")
                            .hasSizeGreaterThan(2);
            }
        });
    }

    @Test
    void onlyIngestHoldsTheStoreAdministratorAndEveryServiceRunsAsTheStoreRuntimeRole() {
        for (String service : SERVICES) {
            JsonNode environment = services.path(service).path("environment");
            String admin = environment.path("STORE_ADMIN_USER").asText();

            assertThat(admin.isEmpty())
                    .as(service + " without store administrator")
                    .isEqualTo(!service.equals("ingest"));
            assertThat(environment.path("STORE_ADMIN_PASSWORD").isMissingNode())
                    .as(service + " without admin password")
                    .isEqualTo(!service.equals("ingest"));
            assertThat(environment.path("STORE_USER").asText())
                    .as(service + " runtime role")
                    .isEqualTo("${STORE_USER:-schemarag_app}");
        }
    }

    @Test
    void dockerComposeAcceptsTheFile() throws Exception {
        assumeTrue(onPath("docker-compose"), "docker-compose is not installed");

        CommandResult result = dockerComposeConfig(REQUIRED_SECRETS);

        assertThat(result.exitCode()).as(result.output()).isZero();
    }

    @Test
    void dockerComposeRefusesTheFileWithoutTheSecrets() throws Exception {
        assumeTrue(onPath("docker-compose"), "docker-compose is not installed");

        CommandResult result = dockerComposeConfig(Map.of());

        assertThat(result.exitCode()).isNotZero();
        assertThat(result.output()).contains("POSTGRES_PASSWORD");
    }

    private record CommandResult(int exitCode, String output) {}

    /** Runs {@code docker-compose config -q}, which interpolates and validates without a Docker daemon. */
    private static CommandResult dockerComposeConfig(Map<String, String> environment) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("docker-compose", "-f", COMPOSE_FILE.toString(), "config", "-q")
                .redirectErrorStream(true);
        builder.environment().remove("LLM_API_KEY");
        REQUIRED_SECRETS.keySet().forEach(builder.environment()::remove);
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("docker-compose config did not finish: " + output);
        }
        return new CommandResult(process.exitValue(), output);
    }

    private static boolean onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(dir -> !dir.isEmpty())
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, command)));
    }

    private static String withDefaults(String value) {
        return DEFAULTED_VARIABLE.matcher(value).replaceAll(m -> Matcher.quoteReplacement(m.group(1)));
    }

    /** Its module's code, started by the service's own main: {@code ExecutionMain} in generation's module. */
    @Test
    void eachImageStartsItsServicesOwnMainClass() throws Exception {
        for (Map.Entry<String, String> main : jib.mainClassesByService().entrySet()) {
            Class<?> type = Class.forName(main.getValue());
            String module = MODULES.get(main.getKey()).replaceAll("-.*", "");
            assertThat(type.getPackageName()).as(main.getKey()).startsWith("dev.schemarag." + module + ".");
            assertThat(type.getSimpleName()).as(main.getKey()).isEqualToIgnoringCase(main.getKey() + "Main");
            assertThat(type.getMethod("main", String[].class).getReturnType()).isEqualTo(void.class);
        }
    }

    /**
     * What the {@code images} profiles build: per service, the image and main class of its module's {@code buildTar}
     * execution {@code <service>-image}, with the parent profile's properties substituted; and the containers' working
     * directory (parent).
     */
    private record JibProfile(
            Map<String, String> imagesByService, Map<String, String> mainClassesByService, String workingDirectory) {

        static JibProfile read(Path parentPom, Map<String, String> modules) throws Exception {
            XPath xpath = XPathFactory.newInstance().newXPath();
            Element parent = imagesProfile(parentPom, xpath);
            Map<String, String> properties = new LinkedHashMap<>();
            NodeList declared = (NodeList) xpath.evaluate("properties/*", parent, XPathConstants.NODESET);
            for (int i = 0; i < declared.getLength(); i++) {
                properties.put(
                        declared.item(i).getNodeName(),
                        declared.item(i).getTextContent().trim());
            }
            Map<String, String> images = new LinkedHashMap<>();
            Map<String, String> mains = new LinkedHashMap<>();
            for (String service : SERVICES) {
                Path pom = parentPom.resolveSibling(Path.of(modules.get(service), "pom.xml"));
                Element plugin = (Element) xpath.evaluate(
                        "build/plugins/plugin[artifactId='jib-maven-plugin']",
                        imagesProfile(pom, xpath),
                        XPathConstants.NODE);
                assertThat(plugin)
                        .as("jib-maven-plugin in profile 'images' of " + pom)
                        .isNotNull();
                NodeList executions = (NodeList) xpath.evaluate(
                        "executions/execution[goals/goal='buildTar'][id='" + service + "-image']",
                        plugin,
                        XPathConstants.NODESET);
                assertThat(executions.getLength())
                        .as(service + "-image execution in " + pom)
                        .isEqualTo(1);
                String image = xpath.evaluate("configuration/to/image", executions.item(0))
                        .trim();
                for (Map.Entry<String, String> p : properties.entrySet()) {
                    image = image.replace("${" + p.getKey() + "}", p.getValue());
                }
                images.put(service, image);
                mains.put(
                        service,
                        xpath.evaluate("configuration/container/mainClass", executions.item(0))
                                .trim());
            }
            return new JibProfile(
                    images,
                    mains,
                    xpath.evaluate(
                                    "build/pluginManagement/plugins/plugin[artifactId='jib-maven-plugin']"
                                            + "/configuration/container/workingDirectory",
                                    parent)
                            .trim());
        }

        private static Element imagesProfile(Path pom, XPath xpath) throws Exception {
            Document document =
                    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
            Element profile =
                    (Element) xpath.evaluate("/project/profiles/profile[id='images']", document, XPathConstants.NODE);
            assertThat(profile).as("profile 'images' in " + pom).isNotNull();
            return profile;
        }
    }
}
