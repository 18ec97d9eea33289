package dev.schemarag.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.schemarag.app.AppSettings;
import dev.schemarag.bench.BenchReport;
import dev.schemarag.core.config.Setting;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.stack.StackConfig;
import java.net.URL;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package structure of every module's main code (the app's test classpath holds them all): no cycles between
 * packages, and the retrieval domain free of its adapters (Kafka, JDBC, meters), so it stays testable without I/O.
 */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        // One class per module locates its classes (a directory in the reactor, else a jar): scanning the whole
        // classpath for the package would read every library jar.
        List<URL> modules = Stream.of(
                        Setting.class,
                        QuestionAsked.class,
                        StackConfig.class,
                        IngestService.class,
                        SchemaRetriever.class,
                        GenerationService.class,
                        BenchReport.class,
                        AppSettings.class)
                .map(c -> c.getProtectionDomain().getCodeSource().getLocation())
                .toList();
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> location.contains("/dev/schemarag/"))
                .importUrls(modules);
    }

    @Test
    void everyModuleIsImported() {
        for (String module :
                new String[] {"core", "events", "stack", "ingest", "retrieval", "generation", "bench", "app"}) {
            assertThat(classes.containPackage("dev.schemarag." + module))
                    .as(module)
                    .isTrue();
        }
    }

    @Test
    void packagesAreFreeOfCycles() {
        slices().matching("dev.schemarag.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void theRetrievalDomainDoesNotUseItsAdapters() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.schemarag.retrieval",
                        "dev.schemarag.retrieval.config",
                        "dev.schemarag.retrieval.graph",
                        "dev.schemarag.retrieval.index",
                        "dev.schemarag.retrieval.lexical",
                        "dev.schemarag.retrieval.packet",
                        "dev.schemarag.retrieval.ranking")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.schemarag.retrieval.kafka..",
                        "dev.schemarag.retrieval.pgvector..",
                        "java.sql..",
                        "io.micrometer..",
                        "org.apache.kafka..",
                        "org.postgresql..")
                .check(classes);
    }

    @Test
    void settingsAreLeaves() {
        noClasses()
                .that()
                .resideInAnyPackage("dev.schemarag.core.config", "dev.schemarag.retrieval.config")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.schemarag.retrieval",
                        "dev.schemarag.retrieval.graph",
                        "dev.schemarag.retrieval.index",
                        "dev.schemarag.retrieval.lexical",
                        "dev.schemarag.retrieval.packet",
                        "dev.schemarag.retrieval.ranking",
                        "dev.schemarag.retrieval.kafka",
                        "dev.schemarag.retrieval.pgvector")
                .check(classes);
    }
}
