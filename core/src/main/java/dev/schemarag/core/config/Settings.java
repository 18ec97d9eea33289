package dev.schemarag.core.config;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Resolved configuration. A value comes, in order of precedence, from explicit overrides (e.g. a question's
 * retrieval settings), then a JVM system property named by the key, then the environment variable
 * ({@link Setting#environmentVariable()}), then its historical alias if it has one, then the declared default.
 */
public final class Settings {
    private final Map<String, String> values;

    private Settings(Map<String, String> values) {
        this.values = Map.copyOf(values);
    }

    /** Reads every declared setting from system properties and the environment, and validates them all. */
    public static Settings fromEnvironment(Collection<Setting<?>> declared) {
        Map<String, String> values = new HashMap<>();
        for (Setting<?> s : declared) {
            String raw = System.getProperty(s.key(), System.getenv(s.environmentVariable()));
            if (raw == null && s.aliasVariable() != null) raw = System.getenv(s.aliasVariable());
            if (raw != null) values.put(s.key(), raw);
        }
        Settings settings = new Settings(values);
        settings.validate(declared);
        return settings;
    }

    public static Settings of(Map<String, String> values) {
        return new Settings(values);
    }

    /** These settings with {@code overrides} (dotted keys) taking precedence. */
    public Settings with(Map<String, String> overrides) {
        Map<String, String> merged = new HashMap<>(values);
        overrides.forEach((k, v) -> merged.put(k.trim(), v));
        return new Settings(merged);
    }

    public <T> T get(Setting<T> setting) {
        String raw = values.get(setting.key());
        return raw == null ? setting.defaultValue() : setting.parse(raw);
    }

    /** Whether {@code setting} was given a value (possibly empty), rather than falling back to its default. */
    public boolean isSet(Setting<?> setting) {
        return values.containsKey(setting.key());
    }

    /** Fails naming the first bad key, so a misconfiguration stops start-up rather than the first record. */
    public void validate(Collection<Setting<?>> declared) {
        declared.forEach(this::get);
    }
}
