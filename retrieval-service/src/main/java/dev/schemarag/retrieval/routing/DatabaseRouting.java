package dev.schemarag.retrieval.routing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Decides where a question without a database goes, from what its searches found in each candidate. Each signal (best
 * table similarity, best column similarity, best BM25 score) is taken as a share of the best candidate's, so that
 * signals of different scales weigh alike and BM25 scores of separate indexes compare; a candidate's score is the mean
 * of its shares. The best candidate is chosen when its margin over the second, as a share of its own score, is at
 * least {@code minMargin}: two databases that hold the question's words alike are a question for the asker.
 */
public final class DatabaseRouting {
    /** Candidates listed with a decision, e.g. in the refusal of an ambiguous question. */
    public static final int LISTED = 5;

    private DatabaseRouting() {}

    /** @param minMargin the share of the best score by which it must lead the second, 0..1 */
    public static RoutingDecision decide(List<RouteEvidence> evidence, double minMargin) {
        if (evidence.isEmpty()) return new RoutingDecision.Ambiguous(List.of());
        List<ToDoubleFunction<RouteEvidence>> signals =
                List.of(RouteEvidence::table, RouteEvidence::column, RouteEvidence::lexical);
        double[] best = signals.stream()
                .mapToDouble(
                        signal -> evidence.stream().mapToDouble(signal).max().orElse(0))
                .toArray();
        List<RankedCandidate> ranked = new ArrayList<>();
        for (RouteEvidence e : evidence) ranked.add(new RankedCandidate(e.candidate(), score(e, signals, best)));
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

    /** The mean of the candidate's shares of the best value of each signal some candidate has. */
    private static double score(RouteEvidence e, List<ToDoubleFunction<RouteEvidence>> signals, double[] best) {
        double sum = 0;
        int counted = 0;
        for (int i = 0; i < signals.size(); i++) {
            if (best[i] <= 0) continue;
            sum += Math.max(0, signals.get(i).applyAsDouble(e)) / best[i];
            counted++;
        }
        return counted == 0 ? 0 : sum / counted;
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
