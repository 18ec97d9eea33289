package dev.schemarag.ingest.postgres;

import static dev.schemarag.core.store.SqlQuoting.identifier;

import dev.schemarag.core.relationships.DataCheck;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.introspect.EdgeSampler;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adapter: samples an edge in the target database as its read-only login, in a READ ONLY transaction under a statement
 * timeout: up to {@code limit} non-null child values, and how many of them no parent row holds. Only the two counts
 * leave the database; identifiers are quoted, the limit is a parameter. A failure (timeout, a type the parent key
 * cannot be compared with, a missing grant) is logged by SQLSTATE and leaves the edge unchecked.
 */
public final class PostgresEdgeSampler implements EdgeSampler {
    private static final Logger log = LoggerFactory.getLogger(PostgresEdgeSampler.class);

    private final Database reader;
    private final int limit;
    private final Duration timeout;

    public PostgresEdgeSampler(Database reader, int limit, Duration timeout) {
        this.reader = reader;
        this.limit = limit;
        this.timeout = timeout;
    }

    @Override
    public Optional<DataCheck.Sample> sample(ForeignKeyEdge edge) {
        try (Connection c = reader.borrow()) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.execute("SET TRANSACTION READ ONLY");
                st.execute("SET LOCAL statement_timeout = " + Math.max(1, timeout.toMillis()));
                try (PreparedStatement ps = c.prepareStatement(sql(edge))) {
                    ps.setInt(1, limit);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        return Optional.of(new DataCheck.Sample(rs.getInt(1), rs.getInt(2)));
                    }
                }
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            log.warn("data check of {} -> {} not made: sqlstate={}", edge.from(), edge.to(), e.getSQLState());
            return Optional.empty();
        }
    }

    /** The sampling query: child values first (LIMIT), then an anti-join against the parent key. */
    static String sql(ForeignKeyEdge edge) {
        List<String> notNull = new ArrayList<>();
        List<String> matches = new ArrayList<>();
        List<String> children = new ArrayList<>();
        for (int i = 0; i < edge.fromColumns().size(); i++) {
            String child = identifier(edge.fromColumns().get(i));
            children.add(child);
            notNull.add(child + " IS NOT NULL");
            matches.add("p." + identifier(edge.toColumns().get(i)) + " = s." + child);
        }
        return "SELECT count(*), count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM " + table(edge.to()) + " p WHERE "
                + String.join(" AND ", matches) + ")) FROM (SELECT " + String.join(", ", children) + " FROM "
                + table(edge.from()) + " WHERE " + String.join(" AND ", notNull) + " LIMIT ?) s";
    }

    private static String table(TableName name) {
        return identifier(name.schema()) + "." + identifier(name.table());
    }
}
