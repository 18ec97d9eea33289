package dev.schemarag.retrieval.family;

import dev.schemarag.core.schema.TableName;
import java.util.List;

/**
 * Tables of one schema whose names differ only by a trailing date or number and which have the same columns, such as
 * a date-sharded export's {@code ga_sessions_20160801} … {@code ga_sessions_20170801}.
 *
 * @param pattern   the members' name with the suffix as a placeholder, schema-qualified ({@code ga.ga_sessions_YYYYMMDD})
 * @param members   by date or number, first to last
 * @param spacing   what tells the members apart: a day, a month or a number
 * @param missing   the days, months or numbers between the first and the last member that have no table
 */
public record TableFamily(String pattern, List<TableName> members, Spacing spacing, long missing) {
    /** What tells the members of a family apart. */
    public enum Spacing {
        DAY,
        MONTH,
        NUMBER
    }

    public TableFamily {
        members = List.copyOf(members);
    }

    public TableName first() {
        return members.get(0);
    }

    public TableName last() {
        return members.get(members.size() - 1);
    }

    public int size() {
        return members.size();
    }

    /** How the members follow each other, for a reader: {@code one per day}, {@code by month, 3 missing}, {@code numbered without gaps}. */
    public String cadence() {
        String gaps = missing == 0 ? "" : ", " + missing + " missing";
        return switch (spacing) {
            case DAY -> missing == 0 ? "one per day" : "by day" + gaps;
            case MONTH -> missing == 0 ? "one per month" : "by month" + gaps;
            case NUMBER -> "numbered" + (missing == 0 ? " without gaps" : gaps);
        };
    }
}
