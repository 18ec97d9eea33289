package dev.schemarag.ingest.service;

import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.introspect.SchemaIntrospector;
import dev.schemarag.ingest.mysql.MySqlIntrospector;
import dev.schemarag.ingest.postgres.PostgresIntrospector;

/** The introspector adapter that speaks a registered database's dialect. */
public final class Introspectors {
    private Introspectors() {}

    /** @param target a login to the database {@code db} registers, which reads its catalog */
    public static SchemaIntrospector of(RegisteredDatabase db, Database target) {
        return switch (db.dialect()) {
            case POSTGRESQL -> new PostgresIntrospector(target, db.schemas());
            case MYSQL, MARIADB -> new MySqlIntrospector(target, db.schemas());
        };
    }
}
