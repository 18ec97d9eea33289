package dev.schemarag.retrieval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The optional LLM selection step, without I/O: the prompt that lists a question's selected tables with compact
 * schemas, the reading of the model's reply, and the tables kept after it. The model may only narrow the selection:
 * a table it does not name is dropped unless retrieval was sure of it (its score at least {@code keepAbove} of the
 * best) or it is a bridge that joins the others; a name that is not a candidate counts for nothing, and a reply that
 * names no candidate leaves the selection as it was. The reply is text from outside, read as data only.
 */
public final class ModelTableSelection {
    /** The instructions; the user message holds the question and the candidates. */
    public static final String SYSTEM = "You choose the database tables a SQL query needs. You are given a question"
            + " and candidate tables with their columns. Reply with JSON only, of the form {\"tables\": [\"schema.table\","
            + " ...]}, naming every candidate table the query needs, including tables needed only to join the others."
            + " Name only tables from the list.";

    /** Columns listed per table: a wide table's first ones, then how many more it has. */
    static final int COLUMNS_SHOWN = 40;

    private static final ObjectMapper JSON = new ObjectMapper();

    private ModelTableSelection() {}

    /** The user message: the question, then one line per candidate, {@code schema.table(col, col, ...)}. */
    public static String prompt(String question, List<Table> candidates) {
        StringBuilder prompt =
                new StringBuilder("Question: ").append(question.strip()).append("\n\nCandidate tables:\n");
        for (Table table : candidates) {
            List<String> names = table.columns().stream().map(Column::name).toList();
            prompt.append("- ").append(table.name()).append('(');
            prompt.append(String.join(", ", names.subList(0, Math.min(COLUMNS_SHOWN, names.size()))));
            if (names.size() > COLUMNS_SHOWN)
                prompt.append(", ... ").append(names.size() - COLUMNS_SHOWN).append(" more");
            prompt.append(')');
            if (table.comment() != null && !table.comment().isBlank())
                prompt.append(" -- ").append(firstLine(table.comment()));
            prompt.append('\n');
        }
        return prompt.toString();
    }

    /**
     * The candidates the reply names, by {@code schema.table} or, where only one candidate has it, by table name,
     * ignoring case; empty when the reply holds no JSON object with a {@code tables} list.
     */
    public static Set<TableName> named(String reply, List<TableName> candidates) {
        int start = reply == null ? -1 : reply.indexOf('{');
        int end = reply == null ? -1 : reply.lastIndexOf('}');
        if (start < 0 || end < start) return Set.of();
        JsonNode tables;
        try {
            tables = JSON.readTree(reply.substring(start, end + 1)).path("tables");
        } catch (Exception notJson) {
            return Set.of();
        }
        if (!tables.isArray()) return Set.of();
        Map<String, TableName> byName = byName(candidates);
        Set<TableName> named = new HashSet<>();
        for (JsonNode name : tables) {
            TableName table = byName.get(name.asText().strip().toLowerCase(Locale.ROOT));
            if (table != null) named.add(table);
        }
        return named;
    }

    /**
     * The selection after the model's answer, in its order: what the model named, what retrieval was sure of and the
     * bridges; the selection unchanged when the model named none of it.
     *
     * @param keepAbove a table whose score is at least this share of the best score is never dropped
     */
    public static List<SelectedTable> kept(List<SelectedTable> selected, Set<TableName> named, double keepAbove) {
        if (selected.stream().noneMatch(t -> named.contains(t.table()))) return selected;
        double best = selected.stream().mapToDouble(SelectedTable::score).max().orElse(0);
        List<SelectedTable> kept = new ArrayList<>();
        for (SelectedTable table : selected)
            if (named.contains(table.table())
                    || table.reason() == SelectionReason.BRIDGE
                    || (best > 0 && table.score() >= keepAbove * best)) kept.add(table);
        return kept;
    }

    private static Map<String, TableName> byName(List<TableName> candidates) {
        Map<String, TableName> byName = new HashMap<>();
        Map<String, List<TableName>> byBareName =
                candidates.stream().collect(Collectors.groupingBy(t -> t.table().toLowerCase(Locale.ROOT)));
        byBareName.forEach((bare, tables) -> {
            if (tables.size() == 1) byName.put(bare, tables.get(0));
        });
        for (TableName table : candidates) byName.put(table.toString().toLowerCase(Locale.ROOT), table);
        return byName;
    }

    private static String firstLine(String text) {
        String line = text.strip().lines().findFirst().orElse("");
        return line.length() <= 160 ? line : line.substring(0, 160) + "...";
    }
}
