package dev.schemarag.retrieval.lexical;

import dev.schemarag.core.schema.TableName;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How broad a question is: the entities it names and the clauses it joins them with, from general English signals
 * only. An entity is a word of the question that names one of the candidate tables ({@code students} names
 * {@code student} and {@code has_student}); a clause connector is a phrase that brings in another set of rows — a
 * relative clause ("who have", "that has"), a grouping ("for each", "per"), a comparison ("more than"), a negation
 * ("not", "without") or "both … and". "Names of students who have pets" names two entities with one connector; "How
 * many singers?" names one with none.
 *
 * <p>A candidate is <em>spelled out</em> when every word of its name is a word of the question ({@code film_category}
 * in "children's category films"): the strongest lexical evidence a table can have, kept even where another table
 * already carries one of its words.
 *
 * @param namedBy    each entity term, in question order, with the candidate tables naming it in the order given
 * @param spelledOut the candidates whose whole name the question spells out, in the order given
 * @param clauses    clause connectors found
 */
public record QuestionBreadth(Map<String, List<TableName>> namedBy, List<TableName> spelledOut, int clauses) {
    private static final IdentifierAnalyzer QUESTIONS = IdentifierAnalyzer.forQuestions();
    private static final IdentifierAnalyzer NAMES = IdentifierAnalyzer.forDocuments();

    /** Phrases that open another clause over other rows; each occurrence counts once. */
    private static final Pattern CONNECTOR = Pattern.compile(
            "\\b(?:(?:that|which|who|whose)\\s+(?:\\w+\\s+)?(?:has|have|had|is|are|was|were|did|does|do)"
                    + "|for\\s+(?:each|every)|per|both|than|not|no|never|without|neither|nor)\\b");

    /** Where an identifier's words meet: underscores and other non-word characters, and case changes. */
    private static final Pattern IDENTIFIER_BOUNDARY = Pattern.compile("[_\\W]+|(?<=[a-z])(?=[A-Z])");

    public QuestionBreadth {
        namedBy = Collections.unmodifiableMap(new LinkedHashMap<>(namedBy));
        spelledOut = List.copyOf(spelledOut);
    }

    /**
     * @param question   the question's text
     * @param candidates tables to look for the question's words in, best first (the head of a ranking, so that a word
     *                   counts as an entity only where the catalog has a table it plausibly means)
     */
    public static QuestionBreadth of(String question, Collection<TableName> candidates) {
        if (question == null || question.isBlank()) return new QuestionBreadth(Map.of(), List.of(), 0);
        Map<TableName, Set<String>> nameTerms = new LinkedHashMap<>();
        candidates.forEach(table -> nameTerms.putIfAbsent(table, NAMES.terms(table.table())));
        Set<String> words = QUESTIONS.terms(question);
        List<TableName> spelledOut = nameTerms.keySet().stream()
                .filter(table -> spelledOutBy(words, table.table()))
                .toList();
        Map<String, List<TableName>> namedBy = new LinkedHashMap<>();
        for (String word : words) {
            List<TableName> naming = nameTerms.entrySet().stream()
                    .filter(e -> e.getValue().contains(word))
                    .map(Map.Entry::getKey)
                    .toList();
            if (!naming.isEmpty()) namedBy.put(word, naming);
        }
        return new QuestionBreadth(namedBy, spelledOut, connectors(question));
    }

    /**
     * Whether every word of the name is among the question's words. The name is split into its words first, so that
     * the whole identifier the analyzer also keeps ({@code film_category}) is not asked of the question.
     */
    static boolean spelledOutBy(Set<String> questionWords, String name) {
        Set<String> parts = NAMES.terms(IDENTIFIER_BOUNDARY.matcher(name).replaceAll(" "));
        return !parts.isEmpty() && questionWords.containsAll(parts);
    }

    static int connectors(String question) {
        Matcher matcher = CONNECTOR.matcher(question.toLowerCase(Locale.ROOT));
        int count = 0;
        while (matcher.find()) count++;
        return count;
    }

    /** Distinct entities the question names. */
    public int entities() {
        return namedBy.size();
    }

    /**
     * How many tables the question reaches for at least: one per entity it names, or one more than its clause
     * connectors, whichever is more; 1 for a question that names nothing.
     */
    public int tables() {
        return Math.max(1, Math.max(entities(), clauses + 1));
    }
}
