package dev.schemarag.app.cli;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import java.io.PrintWriter;
import java.util.Optional;

/** A command's database id, looked up among the registered databases. */
final class DatabaseArgument {
    private DatabaseArgument() {}

    /** The database registered as {@code id}; when there is none, says so on {@code err}, naming those that are. */
    static Optional<RegisteredDatabase> registered(DatabaseRegistry databases, String id, PrintWriter err) {
        Optional<RegisteredDatabase> found = databases.find(id);
        if (found.isEmpty())
            err.println("unknown database '" + id + "'; registered: "
                    + databases.all().stream().map(RegisteredDatabase::id).toList());
        return found;
    }
}
