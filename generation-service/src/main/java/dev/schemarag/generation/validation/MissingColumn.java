package dev.schemarag.generation.validation;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The column an "undefined column" (42703) error names, with the qualifier it was written with, if any.
 * Names are as PostgreSQL reports them: already folded to lower case unless they were quoted.
 */
public record MissingColumn(Optional<String> qualifier, String name) {

    // column "frist_name" does not exist | column "x" of relation "t" does not exist
    private static final Pattern QUOTED = Pattern.compile("column \"(.+?)\"(?: of relation \"(.+?)\")? does not exist");
    // column e.frist_name does not exist (PostgreSQL prints qualified references unquoted)
    private static final Pattern QUALIFIED = Pattern.compile("column ([^\\s.\"]+)\\.(.+?) does not exist");

    public static Optional<MissingColumn> fromPostgresMessage(String message) {
        if (message == null) return Optional.empty();
        Matcher quoted = QUOTED.matcher(message);
        if (quoted.find()) return Optional.of(new MissingColumn(Optional.ofNullable(quoted.group(2)), quoted.group(1)));
        Matcher qualified = QUALIFIED.matcher(message);
        if (qualified.find())
            return Optional.of(new MissingColumn(Optional.of(qualified.group(1)), qualified.group(2)));
        return Optional.empty();
    }

    /** As written in SQL: {@code e.frist_name} or {@code frist_name}. */
    public String reference() {
        return qualifier.map(q -> q + "." + name).orElse(name);
    }
}
