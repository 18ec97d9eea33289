package dev.schemarag.retrieval.cache;

import dev.schemarag.core.config.ConfigException;
import dev.schemarag.core.questions.QuestionText;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.config.RetrievalSettings;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answer cache in front of retrieval: a question named its database, and the cache holds a fresh answer for that
 * database, its principal and its normalised question and evidence, skips embedding and ranking. The entry goes along
 * as the probe read it: generation serves it when the question's full key (the role the principal runs as, the
 * generator's settings) names it, else looks the entry up again under that key, checks its SQL again (there or where
 * it runs) before serving it, and sends the question back with the probe off when it cannot. A question retrieval would refuse as malformed (blank, oversized, bad settings, no database) is not probed,
 * so that it is refused as before; a store that cannot be read is a miss.
 */
public final class CacheFront {
    /** A front that never probes. */
    public static final CacheFront OFF = new CacheFront(null, RetrievalSettings.defaults());

    private static final Logger log = LoggerFactory.getLogger(CacheFront.class);

    private final AnswerCacheProbe probe;
    private final RetrievalSettings settings;

    /** @param settings the service's settings: whether to probe, and the longest question it accepts */
    public CacheFront(AnswerCacheProbe probe, RetrievalSettings settings) {
        this.probe = probe;
        this.settings = settings;
    }

    /** The cached answer the question may be served, if the cache holds a fresh one. */
    public Optional<CachedAnswerHit> probe(RetrievalRequest request) {
        if (probe == null || blank(request.databaseId()) || blank(request.question())) return Optional.empty();
        if (oversized(request.question()) || oversized(request.evidence())) return Optional.empty();
        try {
            if (!settings.withOverrides(request.settings()).answerCacheProbe()) return Optional.empty();
        } catch (ConfigException e) {
            return Optional.empty();
        }
        try {
            return probe.freshEntry(
                    request.databaseId(),
                    request.asker().principal().orElse(""),
                    QuestionText.hash(request.question(), request.evidence()));
        } catch (RuntimeException e) {
            log.warn("answer cache not probed, retrieving: databaseId={} error={}", request.databaseId(), e.toString());
            return Optional.empty();
        }
    }

    private boolean oversized(String text) {
        return text != null && text.getBytes(StandardCharsets.UTF_8).length > settings.questionMaxBytes();
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }
}
