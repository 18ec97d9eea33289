package dev.schemarag.app.onboard;

import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import java.util.List;

/**
 * The passwords {@code schemarag db add} reads, never from its command line (where {@code ps} and the shell history
 * would show them): the environment variable, or the dotted system property, else a prompt (admin) or a generated
 * one (the roles it creates).
 */
public final class OnboardSettings {
    private OnboardSettings() {}

    public static final Setting<String> ADMIN_PASSWORD = Setting.string(
            "db.admin.password",
            "",
            "db add: password of --admin-user (empty: asked at the terminal); stored in the databases file");
    public static final Setting<String> READER_PASSWORD = Setting.string(
            "db.reader.password",
            "",
            "db add: password of the reader role (empty: generated; required for an existing --reader-user)");
    public static final Setting<String> CDC_PASSWORD = Setting.string(
            "db.cdc.password",
            "",
            "db add: password of the database's replication role (empty: generated; required when a superuser ran"
                    + " the SQL db add printed)");

    /** The setting's value; null when it is empty (not given). */
    public static String given(Settings settings, Setting<String> password) {
        String value = settings.get(password);
        return value.isEmpty() ? null : value;
    }

    public static List<Setting<?>> declared() {
        return List.of(ADMIN_PASSWORD, READER_PASSWORD, CDC_PASSWORD);
    }
}
