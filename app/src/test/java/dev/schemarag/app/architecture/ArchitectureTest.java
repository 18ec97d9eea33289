package dev.schemarag.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dev.schemarag.app.AppSettings;
import dev.schemarag.app.cli.SchemaRagCli;
import dev.schemarag.bench.BenchReport;
import dev.schemarag.core.config.Setting;
import dev.schemarag.demo.DemoDatabase;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.stack.StackConfig;
import java.net.URL;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

/**
 * The package structure of every module's main code (the app's test classpath holds them all): no cycles between
 * packages, the domains of retrieval, generation and ingest free of their adapters (Kafka, JDBC, meters, CDC), so
 * they stay testable without I/O, and the command line's commands thin: they parse options and delegate to the
 * packages and modules that own the work.
 */
class ArchitectureTest {
    private static final String CLI = "dev.schemarag.app.cli..";
    /** The picocli commands of the command line. */
    private static final DescribedPredicate<JavaClass> COMMANDS = DescribedPredicate.describe(
            "commands",
            c -> c.getPackageName().startsWith("dev.schemarag.app.cli") && c.isAnnotatedWith(Command.class));

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
                new String[] {"core", "events", "demo", "stack", "ingest", "retrieval", "generation", "bench", "app"}) {
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
                        "dev.schemarag.generation.execution",
                        "dev.schemarag.generation.feedback",
                        "dev.schemarag.generation.staleness",
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
                        "dev.schemarag.generation.mysql..",
                        "dev.schemarag.generation.jdbc..",
                        "dev.schemarag.generation.llm..",
                        "java.sql..",
                        "io.micrometer..",
                        "org.apache.kafka..",
                        "org.postgresql..",
                        "org.mariadb..",
                        "com.pgvector..",
                        "com.openai..")
                .check(classes);
    }

    @Test
    void theIngestDomainDoesNotUseItsAdapters() {
        noClasses()
                .that()
                .resideInAnyPackage(
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
                        "dev.schemarag.ingest.mysql..",
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

    @Test
    void commandsDoNotUseJdbc() {
        noClasses()
                .that()
                .resideInAPackage(CLI)
                .should()
                .dependOnClassesThat()
                .resideInAPackage("java.sql..")
                .check(classes);
    }

    /**
     * A command that needs another's logic gets it from a class both use. Two kinds of reference are not reuse and are
     * let through: a parent naming its subcommands in {@code @Command(subcommands = ...)}, which is how picocli
     * registers them (db, contract), and SchemaRagCli, the command line's root, which adds its subcommands in code
     * rather than in its annotation so that a run builds the model of the one command it names only.
     */
    @Test
    void commandsDoNotDependOnEachOther() {
        classes()
                .that(COMMANDS)
                .and()
                .doNotHaveFullyQualifiedName(SchemaRagCli.class.getName())
                .should(dependOnNoOtherCommandButTheSubcommandsTheyAnnotate())
                .check(classes);
    }

    /** The rule above fails on a command that calls another's static, and lets an annotated subcommand through. */
    @Test
    void theCommandRuleCatchesACommandUsingAnother() {
        JavaClasses fixture = new ClassFileImporter().importClasses(Parent.class, Child.class, Borrower.class);

        EvaluationResult result = classes()
                .that(DescribedPredicate.describe("fixture commands", c -> c.isAnnotatedWith(Command.class)))
                .should(dependOnNoOtherCommandButTheSubcommandsTheyAnnotate())
                .evaluate(fixture);

        assertThat(result.getFailureReport().getDetails())
                .singleElement()
                .asString()
                .contains(Borrower.class.getName())
                .contains(Child.class.getName());
    }

    private static ArchCondition<JavaClass> dependOnNoOtherCommandButTheSubcommandsTheyAnnotate() {
        return new ArchCondition<>("depend on no other command but the subcommands they annotate") {
            @Override
            public void check(JavaClass command, ConditionEvents events) {
                Set<String> annotated = annotatedSubcommands(command);
                for (Dependency d : command.getDirectDependenciesFromSelf()) {
                    JavaClass target = d.getTargetClass();
                    if (target.equals(command) || !target.isAnnotatedWith(Command.class)) continue;
                    boolean listedByAnnotation = annotated.contains(target.getName())
                            && d.getDescription().contains("has annotation member");
                    if (!listedByAnnotation) events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                }
            }
        };
    }

    /** The classes a command's {@code @Command(subcommands = ...)} names. */
    private static Set<String> annotatedSubcommands(JavaClass command) {
        JavaAnnotation<JavaClass> annotation = command.getAnnotationOfType(Command.class.getName());
        return annotation
                .get("subcommands")
                .map(v -> Arrays.stream((JavaClass[]) v).map(JavaClass::getName).collect(Collectors.toSet()))
                .orElse(Set.of());
    }

    @Command(name = "parent", subcommands = Child.class)
    static final class Parent {}

    @Command(name = "child")
    static final class Child {
        static int shared() {
            return 1;
        }
    }

    @Command(name = "borrower")
    static final class Borrower {
        int borrowed() {
            return Child.shared();
        }
    }
}
