package dev.schemarag.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.schemarag.app.AppSettings;
import dev.schemarag.core.config.Setting;
import dev.schemarag.demo.DemoDatabase;
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
 * packages, and the domains of retrieval, generation and ingest free of their adapters (Kafka, JDBC, meters, CDC), so
 * they stay testable without I/O.
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
                        DemoDatabase.class,
                        StackConfig.class,
                        IngestService.class,
                        SchemaRetriever.class,
                        GenerationService.class,
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
                new String[] {"core", "events", "demo", "stack", "ingest", "retrieval", "generation", "app"}) {
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
    void theGenerationDomainDoesNotUseItsAdapters() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.schemarag.generation",
                        "dev.schemarag.generation.answer",
                        "dev.schemarag.generation.examples",
                        "dev.schemarag.generation.feedback",
                        "dev.schemarag.generation.validation")
                // It asks the JDBC driver's own parser how the driver would split a text into statements: the
                // postgres adapter's concern, still in the validation package.
                .and()
                .doNotHaveFullyQualifiedName("dev.schemarag.generation.validation.DriverStatements")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.schemarag.generation.kafka..",
                        "dev.schemarag.generation.postgres..",
                        "dev.schemarag.generation.llm..",
                        "java.sql..",
                        "io.micrometer..",
                        "org.apache.kafka..",
                        "org.postgresql..",
                        "com.pgvector..",
                        "com.openai..")
                .check(classes);
    }

    @Test
    void theIngestDomainDoesNotUseItsAdapters() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.schemarag.ingest.annotations",
                        "dev.schemarag.ingest.changes",
                        "dev.schemarag.ingest.docs",
                        "dev.schemarag.ingest.introspect",
                        "dev.schemarag.ingest.sync",
                        "dev.schemarag.ingest.text",
                        "dev.schemarag.ingest.updater")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.schemarag.ingest.kafka..",
                        "dev.schemarag.ingest.postgres..",
                        "dev.schemarag.ingest.cdc..",
                        "java.sql..",
                        "io.micrometer..",
                        "org.apache.kafka..",
                        "org.postgresql..",
                        "com.pgvector..",
                        "io.debezium..")
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
