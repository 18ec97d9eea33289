package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.app.onboard.DatabasesFile;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.Database;
import dev.schemarag.generation.postgres.VerifiedExampleListing;
import dev.schemarag.generation.staleness.ListedExample;
import dev.schemarag.ingest.docs.TableDocSkeleton;
import dev.schemarag.ingest.service.Introspectors;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag db docs --init <id>}: writes a skeleton doc per table from the catalog into the database's docs
 * directory (registering {@code docs/<id>} beside the databases file when it has none); existing files are kept.
 * {@code --check} lists the docs' Common Queries and which a schema change quarantined, failing when any is.
 */
@Command(
        name = "docs",
        description = "Write a skeleton markdown doc per table for people to fill in (--init; sync indexes them), or"
                + " check the docs' Common Queries against the schema (--check).")
final class DbDocsCommand implements Callable<Integer> {
    @ArgGroup(multiplicity = "1")
    Mode mode;

    static final class Mode {
        @Option(names = "--init", required = true, description = "write the skeletons (existing files are kept)")
        boolean init;

        @Option(
                names = "--check",
                required = true,
                description = "list the Common Queries, a quarantined one with its reason; exit 1 if any is")
        boolean check;
    }

    @Option(names = "--json", description = "with --check: print JSON")
    boolean json;

    @Parameters(index = "0", description = "registered database id")
    String id;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (Services services = Services.fromEnvironment()) {
            Optional<RegisteredDatabase> found = DatabaseArgument.registered(TargetDatabases.load(services), id, err);
            if (found.isEmpty()) return ExitCode.USAGE;
            if (mode.check) return check(services, out);
            RegisteredDatabase db = found.get();
            Path dir = docsDir(services, db);
            if (dir == null) {
                err.println(id + " registers no \"docs\" directory: add one to its registration");
                return ExitCode.USAGE;
            }
            SchemaCatalog catalog;
            try (Database admin = new Database(
                    db.jdbcUrl(), db.requireAdmin().user(), db.requireAdmin().password())) {
                catalog = Introspectors.of(db, admin).introspect(id, db.schemas());
            }
            Files.createDirectories(dir);
            String defaultSchema = db.schemas().get(0);
            int written = 0;
            int kept = 0;
            for (Table table : catalog.tables()) {
                Path file = dir.resolve(TableDocSkeleton.fileName(table.name(), defaultSchema));
                if (Files.exists(file)) {
                    kept++;
                    continue;
                }
                Files.writeString(file, TableDocSkeleton.render(table, catalog, defaultSchema));
                written++;
            }
            out.println("wrote " + written + " table doc skeleton(s) to " + dir
                    + (kept > 0 ? " (" + kept + " existing kept)" : "")
                    + "; fill them in, then run schemarag sync --db " + id);
            return 0;
        }
    }

    private int check(Services services, PrintWriter out) throws Exception {
        List<ListedExample> documented = new VerifiedExampleListing(services.store()).list(id, "doc", false);
        if (json) ExampleStates.printJson(documented, out);
        else ExampleStates.printText(documented, out);
        return documented.stream().anyMatch(ListedExample::quarantined) ? ExitCode.FAILED : 0;
    }

    /** The registered docs directory, or {@code docs/<id>} beside the databases file, registered on the way. */
    private static Path docsDir(Services services, RegisteredDatabase db) throws Exception {
        if (db.docsDir() != null) return db.docsDir();
        DatabasesFile file = new DatabasesFile(TargetDatabases.file(services));
        if (file.find(db.id()).isEmpty()) return null;
        String relative = "docs/" + db.id();
        file.set(db.id(), "docs", relative);
        return file.path().getParent().resolve(relative);
    }
}
