package dev.schemarag.app.cli;

import dev.schemarag.app.onboard.OnboardSettings;
import dev.schemarag.core.config.Settings;
import java.io.Console;

/** The password of a target database's admin login for {@code db add} and {@code db remove}: never an option. */
final class AdminPassword {
    private AdminPassword() {}

    /** {@code DB_ADMIN_PASSWORD}, or typed at the terminal; null when neither is there. */
    static String of(Settings settings) {
        String given = OnboardSettings.given(settings, OnboardSettings.ADMIN_PASSWORD);
        if (given != null) return given;
        Console console = System.console();
        if (console == null) return null;
        char[] typed = console.readPassword("password of the admin user: ");
        return typed == null ? null : new String(typed);
    }
}
