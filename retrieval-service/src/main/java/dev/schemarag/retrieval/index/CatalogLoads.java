package dev.schemarag.retrieval.index;

import java.time.Duration;
import java.util.Locale;

/** Port: told each time a part of a database's in-memory catalog is loaded in full or brought up to date by changes. */
public interface CatalogLoads {
    CatalogLoads NONE = new CatalogLoads() {
        @Override
        public void full(Part part, Duration took) {}

        @Override
        public void incremental(Part part, int tables, Duration took) {}
    };

    /** The parts held per database: rendered tables with the lexical index and FK graph, and the vectors. */
    enum Part {
        TABLES,
        VECTORS;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    void full(Part part, Duration took);

    /** @param tables how many tables changed */
    void incremental(Part part, int tables, Duration took);
}
