package dev.schemarag.generation.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Reads the result of a guarded statement, inside its transaction and under its deadline. */
@FunctionalInterface
public interface StatementQuery<T> {
    /** Sets up the statement before the text is sent, e.g. its fetch size. */
    default void prepare(Statement statement) throws SQLException {}

    T read(ResultSet rows) throws SQLException;
}
