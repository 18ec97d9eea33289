package dev.schemarag.core.service;

import dev.schemarag.core.config.RegisteredDatabase;
import java.io.IOException;
import java.sql.SQLException;
import java.util.List;

/**
 * Plug-in: databases registered when no databases file is set ({@code SCHEMARAG_DATABASES_FILE}), found on the class
 * path through {@link java.util.ServiceLoader}. The demo-data module provides the demo ERP database, so a process
 * started without that module (the retrieval image, say) registers none of its own.
 */
public interface DefaultDatabases {

    /**
     * The registrations, prepared for use where this process may: a process holding the store administrator's login
     * loads the data and creates the roles, one without it relies on another process having done so.
     */
    List<RegisteredDatabase> registrations(ServiceRuntime runtime) throws IOException, SQLException;
}
