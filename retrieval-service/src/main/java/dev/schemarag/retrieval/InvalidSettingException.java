package dev.schemarag.retrieval;

/** A retrieval setting with a value it does not accept; the message names the key, the value and what is accepted. */
public final class InvalidSettingException extends IllegalArgumentException {
    private final String key;

    public InvalidSettingException(String key, String value, String accepted) {
        super("invalid value '" + value + "' for setting " + key + ": expected " + accepted);
        this.key = key;
    }

    public String key() {
        return key;
    }
}
