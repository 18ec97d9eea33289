package dev.schemarag.app.pipeline;

import dev.schemarag.core.kafka.ConsumerGroups;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.generation.service.ExecutionService;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.retrieval.kafka.RetrievalService;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.KafkaException;

/**
 * Whether a question pipeline runs: the retrieval and generation services' consumer groups both have active members,
 * and the execution service's too for a question whose answer is executed. It only describes the groups; it never
 * joins one.
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
            String executionGroup,
            int executionMembers,
            String unreachable) {

        public static Status unreachable(String reason) {
            return new Status(null, 0, null, 0, null, 0, reason);
        }

        /** Whether questions get their validated SQL. */
        public boolean running() {
            return unreachable == null && retrievalMembers > 0 && generationMembers > 0;
        }

        /** Whether a question gets its outcome; {@code executed}: its answer is to be executed, so rows must follow. */
        public boolean answers(boolean executed) {
            return running() && (!executed || executionMembers > 0);
        }

        /** Why no question would be answered, with what to do about it. */
        public String notRunning() {
            String why = unreachable != null
                    ? unreachable
                    : "no question pipeline is running (consumer group " + retrievalGroup + ": " + retrievalMembers
                            + " members, " + generationGroup + ": " + generationMembers + " members, "
                            + executionGroup + ": " + executionMembers + " members)";
            return why + "; start it with `schemarag up` (or `schemarag serve retrieval|generation|execution`),"
                    + " or run a throw-away one with `schemarag ask --standalone`";
        }
    }

    public static Status check(String bootstrapServers, KafkaClientSecurity security, String topicPrefix) {
        Map<String, Object> config = security.clientConfig(bootstrapServers);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, TIMEOUT_MS);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, TIMEOUT_MS);
        String retrieval = topicPrefix + RetrievalService.APPLICATION_ID;
        String generation = topicPrefix + GenerationService.APPLICATION_ID;
        String execution = topicPrefix + ExecutionService.APPLICATION_ID;
        try (Admin admin = Admin.create(config)) {
            Map<String, Integer> members = ConsumerGroups.members(admin, List.of(retrieval, generation, execution));
            return new Status(
                    retrieval,
                    members.get(retrieval),
                    generation,
                    members.get(generation),
                    execution,
                    members.get(execution),
                    null);
        } catch (IllegalStateException | KafkaException e) {
            return Status.unreachable("no question pipeline is reachable: Kafka at " + bootstrapServers
                    + " does not answer (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Status.unreachable("interrupted while asking Kafka which services run");
        }
    }
}
