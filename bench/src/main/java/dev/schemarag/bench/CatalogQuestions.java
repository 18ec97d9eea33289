package dev.schemarag.bench;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Distinct questions over a catalog, so that no cache (embeddings, prepared contexts) flatters a benchmark: templates
 * filled with a table and one or two of its columns, taken round-robin over the tables so that even a few questions
 * reach many of them. Names are asked the way people write them ({@code order_items} as "order items"). Pure: no I/O.
 */
final class CatalogQuestions {
    /** A table of the catalog and its columns. */
    record Table(String name, List<String> columns) {
        Table {
            columns = List.copyOf(columns);
        }
    }

    private static final List<String> ONE_COLUMN = List.of(
            "List the %2$s of every %1$s.",
            "What is the average %2$s of %1$s?",
            "Show %1$s ordered by %2$s, highest first.",
            "How many %1$s are there per %2$s?",
            "Which %1$s have no %2$s?",
            "What are the ten most common %2$s values among %1$s?");
    private static final String TWO_COLUMNS = "Show the %2$s and %3$s of each %1$s.";

    private CatalogQuestions() {}

    /** The first {@code count} distinct questions; fails when the catalog cannot give that many. */
    static List<String> take(List<Table> tables, int count) {
        List<String> questions = upTo(tables, count);
        if (questions.size() < count)
            throw new IllegalArgumentException("the catalog gives only " + questions.size()
                    + " distinct questions, not " + count + "; ask for fewer");
        return questions;
    }

    /** The first {@code count} distinct questions, or all the catalog gives when that is fewer. */
    static List<String> upTo(List<Table> tables, int count) {
        List<Iterator<String>> perTable = new ArrayList<>();
        for (Table t : tables) perTable.add(questions(t).iterator());
        Set<String> distinct = new LinkedHashSet<>();
        boolean more = true;
        while (distinct.size() < count && more) {
            more = false;
            for (Iterator<String> it : perTable)
                if (it.hasNext() && distinct.size() < count) {
                    distinct.add(it.next());
                    more = true;
                }
        }
        return List.copyOf(distinct);
    }

    /** Every question about one table: its count, each column with each template, then each pair of columns. */
    private static List<String> questions(Table table) {
        String t = spoken(table.name());
        List<String> questions = new ArrayList<>();
        questions.add("How many " + t + " are there?");
        for (String template : ONE_COLUMN)
            for (String c : table.columns()) questions.add(String.format(Locale.ROOT, template, t, spoken(c)));
        for (int i = 0; i < table.columns().size(); i++)
            for (int j = i + 1; j < table.columns().size(); j++)
                questions.add(String.format(
                        Locale.ROOT,
                        TWO_COLUMNS,
                        t,
                        spoken(table.columns().get(i)),
                        spoken(table.columns().get(j))));
        return questions;
    }

    private static String spoken(String name) {
        return name.replace('_', ' ').strip();
    }
}
