package dev.schemarag.app.pipeline;

import dev.schemarag.core.kafka.ConsumerGroups;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.retrieval.kafka.RetrievalService;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.KafkaException;

/**
 * Whether a question pipeline runs: the retrieval and generation services' consumer groups both have active members.
 * It only describes the groups; it never joins one.
 */
public final class PipelineProbe {
    /** How long the probe waits for the broker: {@code ask} must say quickly that nothing answers. */
    private static final int TIMEOUT_MS = 5_000;

    private PipelineProbe() {}

    /**
     * What the probe found.
     *
     * @param unreachable why the broker could not be asked, or null
     */
    public record Status(
            String retrievalGroup,
            int retrievalMembers,
            String generationGroup,
            int generationMembers,
            String unreachable) {

        public static Status unreachable(String reason) {
            return new Status(null, 0, null, 0, reason);
        }

        public boolean running() {
            return unreachable == null && retrievalMembers > 0 && generationMembers > 0;
        }

        /** Why no question would be answered, with what to do about it. */
        public String notRunning() {
            String why = unreachable != null
                    ? unreachable
                    : "no question pipeline is running (consumer group " + retrievalGroup + ": " + retrievalMembers
                            + " members, " + generationGroup + ": " + generationMembers + " members)";
            return why + "; start it with `schemarag serve retrieval` and `schemarag serve generation`,"
                    + " or run a throw-away one with `schemarag ask --standalone`";
        }
    }

    public static Status check(String bootstrapServers, KafkaClientSecurity security, String topicPrefix) {
        Map<String, Object> config = security.clientConfig(bootstrapServers);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, TIMEOUT_MS);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, TIMEOUT_MS);
        String retrieval = topicPrefix + RetrievalService.APPLICATION_ID;
        String generation = topicPrefix + GenerationService.APPLICATION_ID;
        try (Admin admin = Admin.create(config)) {
            Map<String, Integer> members = ConsumerGroups.members(admin, List.of(retrieval, generation));
            return new Status(retrieval, members.get(retrieval), generation, members.get(generation), null);
        } catch (IllegalStateException | KafkaException e) {
            return Status.unreachable("no question pipeline is reachable: Kafka at " + bootstrapServers
                    + " does not answer (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Status.unreachable("interrupted while asking Kafka which services run");
        }
    }
}
