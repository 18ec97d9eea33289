package dev.schemarag.core.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * One configuration setting declared in one place: key, type, default, description and validation.
 * Its environment variable follows a visible rule: {@code retrieval.table.threshold} ↔ {@code RETRIEVAL_TABLE_THRESHOLD}.
 *
 * @param aliasVariable a historical environment variable still honoured after {@link #environmentVariable()}, or null
 */
public record Setting<T>(
        String key,
        Class<T> type,
        T defaultValue,
        String description,
        Predicate<T> valid,
        String validDescription,
        String aliasVariable) {

    public Setting(
            String key,
            Class<T> type,
            T defaultValue,
            String description,
            Predicate<T> valid,
            String validDescription) {
        this(key, type, defaultValue, description, valid, validDescription, null);
    }

    public static Setting<String> string(String key, String defaultValue, String description) {
        return new Setting<>(key, String.class, defaultValue, description, v -> true, "any text");
    }

    public static Setting<Integer> integer(String key, int defaultValue, int min, int max, String description) {
        return new Setting<>(
                key,
                Integer.class,
                defaultValue,
                description,
                v -> v >= min && v <= max,
                "an integer in [" + min + ", " + max + "]");
    }

    public static Setting<Double> decimal(String key, double defaultValue, double min, double max, String description) {
        return new Setting<>(
                key,
                Double.class,
                defaultValue,
                description,
                v -> v >= min && v <= max,
                "a number in [" + min + ", " + max + "]");
    }

    public static Setting<Boolean> bool(String key, boolean defaultValue, String description) {
        return new Setting<>(key, Boolean.class, defaultValue, description, v -> true, "true or false");
    }

    public static <E extends Enum<E>> Setting<String> oneOf(
            String key, E defaultValue, Class<E> values, String description) {
        return new Setting<>(
                key,
                String.class,
                defaultValue.name().toLowerCase(Locale.ROOT),
                description,
                v -> {
                    try {
                        Enum.valueOf(values, v.toUpperCase(Locale.ROOT));
                        return true;
                    } catch (IllegalArgumentException e) {
                        return false;
                    }
                },
                "one of "
                        + Arrays.stream(values.getEnumConstants())
                                .map(e -> e.name().toLowerCase(Locale.ROOT))
                                .toList());
    }

    /** An enum-valued setting; values are the constants' names in any case, with dashes for underscores. */
    public static <E extends Enum<E>> Setting<E> choice(
            String key, E defaultValue, Class<E> values, String description) {
        return new Setting<>(
                key,
                values,
                defaultValue,
                description,
                v -> true,
                "one of "
                        + Arrays.stream(values.getEnumConstants())
                                .map(e -> e.name().toLowerCase(Locale.ROOT))
                                .toList());
    }

    /** This setting also read from a historical environment variable, which its own variable overrides. */
    public Setting<T> withAlias(String variable) {
        return new Setting<>(key, type, defaultValue, description, valid, validDescription, variable);
    }

    public String environmentVariable() {
        return environmentVariable(key);
    }

    /** The rule: upper-case, dots and dashes to underscores. */
    public static String environmentVariable(String key) {
        return key.trim().toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** The default as a user would write it (an enum constant in lower case); empty when there is none. */
    public String defaultText() {
        if (defaultValue == null) return "";
        return defaultValue instanceof Enum<?> e ? e.name().toLowerCase(Locale.ROOT) : String.valueOf(defaultValue);
    }

    /** Parses and validates a raw value; the error names the key and what it accepts. */
    public T parse(String raw) {
        T value;
        try {
            value = type.isEnum()
                    ? type.cast(parseEnum(type, raw.trim()))
                    : type.cast(
                            switch (type.getSimpleName()) {
                                case "Integer" -> Integer.valueOf(raw.trim());
                                case "Double" -> Double.valueOf(raw.trim());
                                case "Boolean" -> parseBoolean(raw.trim());
                                default -> raw;
                            });
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, raw, validDescription);
        }
        if (!valid.test(value)) throw new ConfigException(key, raw, validDescription);
        return value;
    }

    private static Object parseEnum(Class<?> type, String raw) {
        for (Object constant : type.getEnumConstants()) {
            if (((Enum<?>) constant).name().equalsIgnoreCase(raw.replace('-', '_'))) return constant;
        }
        throw new IllegalArgumentException(raw);
    }

    private static Boolean parseBoolean(String raw) {
        if (raw.equalsIgnoreCase("true")) return true;
        if (raw.equalsIgnoreCase("false")) return false;
        throw new IllegalArgumentException(raw);
    }
}
