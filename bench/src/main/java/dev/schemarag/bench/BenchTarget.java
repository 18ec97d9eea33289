package dev.schemarag.bench;

/**
 * The server a benchmark's target database lives on: the development stack's PostgreSQL (the store's server) or its
 * MariaDB ({@code stack up --with mariadb}), the second dialect.
 */
public enum BenchTarget {
    postgresql,
    mariadb
}
