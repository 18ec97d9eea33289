package dev.schemarag.app;

import dev.schemarag.core.config.Setting;
import java.util.List;

/**
 * The settings table of docs/configuration.md, rendered from the declarations so the documentation cannot drift from
 * the code.
 */
final class SettingsTable {
    static final String START = "<!-- settings:start -->";
    static final String END = "<!-- settings:end -->";

    private SettingsTable() {}

    static String markdown(List<Setting<?>> declared) {
        StringBuilder table = new StringBuilder()
                .append("| Environment variable | Setting | Default | Accepted | Description |\n")
                .append("|---|---|---|---|---|\n");
        for (Setting<?> s : declared) {
            String variable = code(s.environmentVariable())
                    + (s.aliasVariable() == null ? "" : " (or " + code(s.aliasVariable()) + ")");
            table.append("| ")
                    .append(variable)
                    .append(" | ")
                    .append(code(s.key()))
                    .append(" | ")
                    .append(
                            s.defaultValue() == null
                                    ? "unset"
                                    : s.defaultText().isEmpty() ? "empty" : code(s.defaultText()))
                    .append(" | ")
                    .append(cell(s.validDescription()))
                    .append(" | ")
                    .append(cell(s.description()))
                    .append(" |\n");
        }
        return table.toString();
    }

    /** {@code page} with the text between the markers replaced by the table. */
    static String replaceTable(String page, String table) {
        int start = page.indexOf(START);
        int end = page.indexOf(END);
        if (start < 0 || end < start)
            throw new IllegalArgumentException("the page has no " + START + " … " + END + " section");
        return page.substring(0, start + START.length()) + "\n" + table + page.substring(end);
    }

    private static String code(String text) {
        return "`" + text + "`";
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
