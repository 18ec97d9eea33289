package dev.schemarag.bench.stack;

import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Settings a benchmark decides for the services it runs as processes: the same values become this JVM's
 * {@link Settings} (dotted keys) and each process's environment variables. Pure: no I/O.
 */
public record SettingValues(Map<Setting<?>, String> values) {
    public SettingValues {
        values = Map.copyOf(values);
    }

    public SettingValues with(Setting<?> setting, String value) {
        Map<Setting<?>, String> more = new LinkedHashMap<>(values);
        more.put(setting, value);
        return new SettingValues(more);
    }

    public SettingValues withAll(Map<Setting<?>, String> others) {
        Map<Setting<?>, String> more = new LinkedHashMap<>(values);
        more.putAll(others);
        return new SettingValues(more);
    }

    public Settings settings() {
        Map<String, String> dotted = new HashMap<>();
        values.forEach((s, v) -> dotted.put(s.key(), v));
        return Settings.of(dotted);
    }

    public Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>();
        values.forEach((s, v) -> environment.put(s.environmentVariable(), v));
        return environment;
    }
}
