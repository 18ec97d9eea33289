package dev.schemarag.retrieval.routing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Decides where a question without a database goes, from what its searches found in each candidate. Each search signal
 * (best table similarity, best column similarity, best BM25 score) is taken as a share of the best candidate's, so that
 * signals of different scales weigh alike and BM25 scores of separate indexes compare; so is the candidate's coverage
 * of the question's words ({@link TermCoverage}). A candidate's score is the weighted mean of its squared shares
 * ({@link #scores}): the best hits say which database has the one table most like the question, the coverage which
 * holds all it names. The best candidate is chosen when its margin over the second, as a share of its own score, is at
 * least {@code minMargin}: two databases that hold the question's words alike are a question for the asker.
 */
public final class DatabaseRouting {
    /** Candidates listed with a decision, e.g. in the refusal of an ambiguous question. */
    public static final int LISTED = 5;
    /**
     * The weights of the signals: best table similarity, best column similarity, best BM25 score, coverage of the
     * question's words. BM25 weighs least: its best table is the one that repeats the question's words most, which
     * coverage already counts without favouring long texts.
     */
    private static final double[] WEIGHTS = {3, 3, 1, 3};

    private DatabaseRouting() {}

    /** @param minMargin the share of the best score by which it must lead the second, 0..1 */
    public static RoutingDecision decide(List<RouteEvidence> evidence, double minMargin) {
        if (evidence.isEmpty()) return new RoutingDecision.Ambiguous(List.of());
        double[] coverage = TermCoverage.of(evidence);
        double[][] signals = new double[evidence.size()][];
        for (int i = 0; i < signals.length; i++) {
            RouteEvidence e = evidence.get(i);
            signals[i] = new double[] {e.table(), e.column(), e.lexical(), coverage[i]};
        }
        double[] scores = scores(signals);
        List<RankedCandidate> ranked = new ArrayList<>();
        for (int i = 0; i < scores.length; i++)
            ranked.add(new RankedCandidate(evidence.get(i).candidate(), scores[i]));
        ranked.sort(
                Comparator.comparingDouble(RankedCandidate::score).reversed().thenComparing(c -> c.candidate()
                        .label()));
        List<RankedCandidate> listed = ranked.subList(0, Math.min(LISTED, ranked.size()));
        double top = ranked.get(0).score();
        if (ranked.size() == 1) return new RoutingDecision.Routed(ranked.get(0).candidate(), 1, listed);
        double confidence = top <= 0 ? 0 : (top - ranked.get(1).score()) / top;
        return confidence >= minMargin && top > 0
                ? new RoutingDecision.Routed(ranked.get(0).candidate(), confidence, listed)
                : new RoutingDecision.Ambiguous(listed);
    }

    /**
     * Each candidate's weighted mean of its squared shares of the best value of each signal ({@link #WEIGHTS}), over
     * the signals some candidate has. Squaring sharpens: a candidate a little behind on every signal falls further
     * behind the one that leads them, so fewer clear questions fall within the margin.
     */
    private static double[] scores(double[][] signals) {
        double[] best = new double[WEIGHTS.length];
        for (double[] candidate : signals)
            for (int s = 0; s < best.length; s++) best[s] = Math.max(best[s], candidate[s]);
        double[] scores = new double[signals.length];
        for (int i = 0; i < signals.length; i++) {
            double sum = 0;
            double weights = 0;
            for (int s = 0; s < best.length; s++) {
                if (best[s] <= 0) continue;
                double share = Math.max(0, signals[i][s]) / best[s];
                sum += WEIGHTS[s] * share * share;
                weights += WEIGHTS[s];
            }
            scores[i] = weights == 0 ? 0 : sum / weights;
        }
        return scores;
    }

    /** Why an ambiguous question is refused: its leading candidates with their scores. */
    public static String refusal(List<RankedCandidate> ranking) {
        StringBuilder text = new StringBuilder(
                "the question does not name its database and its evidence points to none clearly; candidates:");
        for (RankedCandidate c : ranking)
            text.append(String.format(Locale.ROOT, " %s (%.3f)", c.candidate().label(), c.score()));
        return text.append("; ask again naming one").toString();
    }
}
