package dev.schemarag.stack;

/**
 * The client listener of a secured {@link EmbeddedKafka}: SASL_PLAINTEXT with SCRAM-SHA-256, one user. The broker's
 * own traffic and trusted in-process components (the schema registry's log) use PLAINTEXT on {@code internalPort}.
 */
public record ScramListener(String user, String password, int internalPort) {
    public static final String MECHANISM = "SCRAM-SHA-256";

    public ScramListener {
        // Both end up inside a JAAS line and a kafka-storage argument, where quotes, commas and brackets are syntax.
        for (String value : new String[] {user, password}) {
            if (value == null || !value.matches("[A-Za-z0-9_.-]+")) {
                throw new IllegalArgumentException("SCRAM user and password must be letters, digits, _ . -");
            }
        }
        if (internalPort < 1 || internalPort > 65535) {
            throw new IllegalArgumentException("port " + internalPort + " is outside 1..65535");
        }
    }

    /** The {@code sasl.jaas.config} a client logs in with. */
    public String jaasConfig() {
        return "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + user + "\" password=\""
                + password + "\";";
    }

    /** The kafka-storage {@code --add-scram} credential that creates the user when the storage is formatted. */
    String storageCredential() {
        return MECHANISM + "=[name=" + user + ",password=" + password + "]";
    }

    @Override
    public String toString() {
        return "ScramListener[user=" + user + ", password=[hidden], internalPort=" + internalPort + "]";
    }
}
