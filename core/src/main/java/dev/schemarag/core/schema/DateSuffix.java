package dev.schemarag.core.schema;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The date a table name ends with, as date-sharded exports name their tables ({@code sessions_20240101},
 * {@code ledger_2024_01}). Only a year with a month (and maybe a day) counts: a bare number such as {@code _2024} may
 * be anything. Ingest writes it as {@code <date>} in embedded texts ({@link #generalized}), so that the members of a
 * table family embed the same texts and get their vectors once; retrieval groups the members into one family entry
 * ({@link #of}).
 *
 * @param prefix  the name before the date, with any separator ({@code ga_sessions_})
 * @param pattern the date's digits written as letters, separators kept ({@code YYYYMMDD}, {@code YYYY_MM})
 * @param date    the date; the first of the month when the name has no day
 * @param daily   whether the name has a day
 */
public record DateSuffix(String prefix, String pattern, LocalDate date, boolean daily) {
    private static final String DATE = "(?:19|20)\\d{2}_?(?:0[1-9]|1[0-2])(?:_?(?:0[1-9]|[12]\\d|3[01]))?";
    private static final Pattern AFTER_UNDERSCORE = Pattern.compile("_" + DATE + "$");
    private static final Pattern AT_END = Pattern.compile("(?<!\\d)(" + DATE + ")$");

    /** {@code name} with a trailing date written as {@code <date>}; other names unchanged. */
    public static String generalized(String name) {
        return AFTER_UNDERSCORE.matcher(name).replaceFirst("_<date>");
    }

    /**
     * The date {@code name} ends with, after an underscore or not ({@code events20240101}); empty when it ends with
     * none or with one no calendar has ({@code _20240231}).
     */
    public static Optional<DateSuffix> of(String name) {
        Matcher m = AT_END.matcher(name);
        if (!m.find()) return Optional.empty();
        String written = m.group(1);
        String digits = written.replace("_", "");
        boolean daily = digits.length() == 8;
        try {
            LocalDate date = LocalDate.of(
                    Integer.parseInt(digits.substring(0, 4)),
                    Integer.parseInt(digits.substring(4, 6)),
                    daily ? Integer.parseInt(digits.substring(6, 8)) : 1);
            return Optional.of(new DateSuffix(name.substring(0, m.start(1)), letters(written), date, daily));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    /** {@code 2024_01_31} as {@code YYYY_MM_DD}: each digit by the part of the date it belongs to. */
    private static String letters(String written) {
        String parts = "YYYYMMDD";
        StringBuilder out = new StringBuilder();
        int digit = 0;
        for (char c : written.toCharArray()) out.append(c == '_' ? '_' : parts.charAt(digit++));
        return out.toString();
    }
}
