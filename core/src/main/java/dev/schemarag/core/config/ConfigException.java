package dev.schemarag.core.config;

import java.io.Serial;

/** A setting with a value it does not accept; the message names the key, the value and what is accepted. */
public final class ConfigException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    public ConfigException(String key, String value, String accepted) {
        super("invalid value '" + value + "' for setting " + key + ": expected " + accepted);
    }
}
