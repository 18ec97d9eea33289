package dev.schemarag.retrieval;

import java.util.Locale;

/** Why a table is in the packet. */
public enum SelectionReason {
    RETRIEVED,
    FK_EXPANSION,
    BRIDGE,
    FULL_SCHEMA;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
