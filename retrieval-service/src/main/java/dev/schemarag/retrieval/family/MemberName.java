package dev.schemarag.retrieval.family;

import dev.schemarag.core.schema.DateSuffix;
import dev.schemarag.retrieval.family.TableFamily.Spacing;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table name that ends with a date ({@link DateSuffix}) or a number ({@code _1}, {@code _001}, {@code _p3}): the
 * name with that suffix replaced by a placeholder ({@code ga_sessions_YYYYMMDD}, {@code orders_N}), which the members
 * of a family share, and the member's place in it.
 *
 * @param date   the member's date; null for a number
 * @param number the member's number; null for a date
 */
record MemberName(String pattern, Spacing spacing, LocalDate date, BigInteger number) {
    /** By date or number; among equal ones ({@code _01}, {@code _1}) the order is left to the caller's. */
    static final Comparator<MemberName> ORDER = Comparator.comparing(
                    (MemberName m) -> m.date(), Comparator.nullsLast(Comparator.<LocalDate>naturalOrder()))
            .thenComparing(m -> m.number(), Comparator.nullsLast(Comparator.<BigInteger>naturalOrder()));

    private static final Pattern NUMBER = Pattern.compile("_[pP]?(\\d+)$");

    static Optional<MemberName> of(String table) {
        Optional<DateSuffix> date = DateSuffix.of(table);
        if (date.isPresent()) {
            DateSuffix d = date.get();
            return Optional.of(
                    new MemberName(d.prefix() + d.pattern(), d.daily() ? Spacing.DAY : Spacing.MONTH, d.date(), null));
        }
        Matcher number = NUMBER.matcher(table);
        if (!number.find()) return Optional.empty();
        return Optional.of(new MemberName(
                table.substring(0, number.start(1)) + "N", Spacing.NUMBER, null, new BigInteger(number.group(1))));
    }
}
