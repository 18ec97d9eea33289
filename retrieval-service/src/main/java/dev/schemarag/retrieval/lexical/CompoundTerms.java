package dev.schemarag.retrieval.lexical;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * An index's terms that are two of its other terms run together, as identifiers written without a separator are
 * ({@code airportcode}, {@code sourceairport}): each part, at least {@value #MIN_PART} letters, points at the compounds
 * it is part of, so that a question's "airport" finds the tables holding {@code airportcode}. The parts must be terms of
 * the same index: the catalog's own words are the dictionary.
 */
final class CompoundTerms {
    static final int MIN_PART = 3;

    private final Map<String, Set<String>> byPart;

    private CompoundTerms(Map<String, Set<String>> byPart) {
        this.byPart = byPart;
    }

    static CompoundTerms of(Set<String> terms) {
        Map<String, Set<String>> byPart = new HashMap<>();
        for (String term : terms) {
            if (term.length() < 2 * MIN_PART || !term.chars().allMatch(Character::isLetter)) continue;
            for (int split = MIN_PART; split <= term.length() - MIN_PART; split++) {
                String head = term.substring(0, split);
                String tail = term.substring(split);
                if (!terms.contains(head) || !terms.contains(tail)) continue;
                byPart.computeIfAbsent(head, p -> new HashSet<>()).add(term);
                byPart.computeIfAbsent(tail, p -> new HashSet<>()).add(term);
            }
        }
        return new CompoundTerms(byPart);
    }

    /** The compounds the term is a part of; none when it is part of none. */
    Set<String> containing(String part) {
        return byPart.getOrDefault(part, Set.of());
    }
}
