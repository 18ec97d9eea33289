package dev.schemarag.core.admin;

/**
 * The outcome of one readiness check.
 *
 * @param detail a short, safe explanation (a state, an exception's class): never a message that could carry SQL,
 *     hosts or credentials
 */
public record CheckResult(boolean up, String detail) {
    public static CheckResult up(String detail) {
        return new CheckResult(true, detail);
    }

    public static CheckResult down(String detail) {
        return new CheckResult(false, detail);
    }
}
