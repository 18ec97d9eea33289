package dev.schemarag.generation.validation;

import java.util.Locale;

/**
 * Similarity of two identifiers in [0, 1]: 1 minus the optimal-string-alignment distance (Levenshtein plus
 * adjacent transpositions, the commonest typo) over the longer length, ignoring case. "frist_name" and
 * "first_name" score 0.9.
 */
final class NameSimilarity {

    private NameSimilarity() {}

    static double of(String a, String b) {
        String x = a.toLowerCase(Locale.ROOT);
        String y = b.toLowerCase(Locale.ROOT);
        int longer = Math.max(x.length(), y.length());
        return longer == 0 ? 1.0 : 1.0 - (double) distance(x, y) / longer;
    }

    static int distance(String x, String y) {
        int[][] d = new int[x.length() + 1][y.length() + 1];
        for (int i = 0; i <= x.length(); i++) d[i][0] = i;
        for (int j = 0; j <= y.length(); j++) d[0][j] = j;
        for (int i = 1; i <= x.length(); i++) {
            for (int j = 1; j <= y.length(); j++) {
                int cost = x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && x.charAt(i - 1) == y.charAt(j - 2) && x.charAt(i - 2) == y.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[x.length()][y.length()];
    }
}
