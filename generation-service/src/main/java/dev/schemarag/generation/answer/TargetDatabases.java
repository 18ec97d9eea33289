package dev.schemarag.generation.answer;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.generation.validation.SchemaColumns;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Port: the registered databases questions are about, seen through a read-only role. */
public interface TargetDatabases {

    /**
     * Plans {@code sql} on {@code databaseId} as the role the registration maps {@code asker} to, without running it,
     * cancelled after the configured statement timeout or {@code atMost} if that is less; failures come back as a
     * value (an asker the registration does not map is refused with {@code access_denied}).
     */
    ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost);

    /**
     * Whether a question of {@code asker} may be answered on {@code databaseId}: false for a principal its registration
     * maps to no role. Checked before generation; EXPLAIN and execution refuse such an asker again.
     */
    boolean admits(String databaseId, Asker asker);

    /** Whether {@code databaseId} is registered with {@code execute}: its answers are run and their rows published. */
    boolean executes(String databaseId);

    /**
     * The SQL dialect of {@code databaseId}, which decides the read-only guard its statements pass and the dialect the
     * model is asked to write. PostgreSQL unless an adapter knows better.
     */
    default SqlDialect dialect(String databaseId) {
        return SqlDialect.POSTGRESQL;
    }

    /**
     * The database role statements of {@code asker} run as on {@code databaseId}: the one its registration maps the
     * asker to, else the reader login. Empty when it cannot tell, and then no answer is cached for the question (see
     * {@link dev.schemarag.generation.cache.AnswerCache}): an entry is served only to the role it was validated as.
     */
    default Optional<String> sessionRole(String databaseId, Asker asker) {
        return Optional.empty();
    }

    /** Columns of {@code tables} ("schema.table"); empty when the database cannot be read. */
    SchemaColumns columns(String databaseId, List<String> tables);
}
