package dev.schemarag.generation.staleness;

/** What planning an example's SQL again, after a schema change, said about it. */
public sealed interface Replan {

    /** It plans: the schema still fits it. */
    record Plans() implements Replan {}

    /**
     * It no longer fits the database: EXPLAIN refused it for a reason of its own SQL (a missing column or table, a type
     * error, a privilege the reader lost), or lint or the read-only guard block it.
     *
     * @param sqlState PostgreSQL's SQLSTATE when the database refused it, else null
     * @param reason the SQLSTATE and the database's message, e.g. {@code 42703 column "first_name" does not exist}
     */
    record Broken(String sqlState, String reason) implements Replan {}

    /** Nothing can be told now (the database could not be reached, EXPLAIN ran out of time): the example stays as is. */
    record Undecided(String reason) implements Replan {}
}
