package dev.schemarag.core.config;

/** A setting with a value it does not accept; the message names the key, the value and what is accepted. */
public final class ConfigException extends RuntimeException {
    public ConfigException(String key, String value, String accepted) {
        super("invalid value '" + value + "' for setting " + key + ": expected " + accepted);
    }
}
