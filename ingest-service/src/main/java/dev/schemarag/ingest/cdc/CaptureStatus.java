package dev.schemarag.ingest.cdc;

/**
 * Where one database's change capture stands, for readiness checks: {@code lastError} is the failure that stopped
 * the engine most recently (null if it never failed), {@code restarts} how many times it was restarted since the
 * service started.
 */
public record CaptureStatus(String databaseId, Phase phase, String lastError, int restarts) {
    public enum Phase {
        /** The engine is connecting; changes are not streamed yet. */
        STARTING,
        /** The engine's task runs and streams changes. */
        RUNNING,
        /** The engine stopped on an error and waits out its backoff before it starts again. */
        RESTARTING,
        /** Closed with the service. */
        STOPPED
    }

    public boolean running() {
        return phase == Phase.RUNNING;
    }
}
