package dev.schemarag.app.onboard;

import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.cdc.DebeziumDdlCapture;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/** A registered database's replication slot as its admin login reads it, or why it could not be read. */
public sealed interface SlotReading {
    /** The database is registered without an admin login: nothing reads its slot. */
    record NoAdminLogin() implements SlotReading {}

    /** The server refused or could not be reached; {@code sqlState} says why. */
    record Unreachable(String sqlState) implements SlotReading {}

    /** The slot change capture streams from, empty when there is none. */
    record Read(Optional<SlotState> slot) implements SlotReading {}

    static SlotReading of(RegisteredDatabase db) {
        if (db.admin() == null) return new NoAdminLogin();
        try (Database admin =
                        new Database(db.jdbcUrl(), db.admin().user(), db.admin().password());
                Connection c = admin.open()) {
            return new Read(SlotState.read(c, DebeziumDdlCapture.slotName(db.id())));
        } catch (SQLException e) {
            return new Unreachable(e.getSQLState());
        }
    }
}
