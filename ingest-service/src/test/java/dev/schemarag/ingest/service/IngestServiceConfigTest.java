package dev.schemarag.ingest.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.ingest.text.EmbedTextBudget;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class IngestServiceConfigTest {
    private static final IngestService.Config BASE =
            IngestService.Config.of("127.0.0.1:9092", KafkaClientSecurity.none(), Path.of("state"), "cdc", "pw", 25);

    @Test
    void eachWitherReplacesItsOwnPartAndKeepsTheRest() {
        IngestService.Recovery recovery = new IngestService.Recovery(
                Duration.ofSeconds(5), Duration.ofSeconds(2), Duration.ofMillis(500), Duration.ofSeconds(3));
        IngestService.DataCheckPolicy dataCheck = new IngestService.DataCheckPolicy(true, 100, Duration.ofSeconds(1));
        EmbedTextBudget budget = new EmbedTextBudget(32);

        assertThat(BASE.withRecovery(recovery))
                .isEqualTo(new IngestService.Config(
                        "127.0.0.1:9092",
                        BASE.security(),
                        Path.of("state"),
                        "cdc",
                        "pw",
                        25,
                        recovery,
                        BASE.dataCheck(),
                        BASE.roleMembershipPoll(),
                        BASE.embedTextBudget()));
        assertThat(BASE.withDataCheck(dataCheck))
                .isEqualTo(withTunables(BASE.recovery(), dataCheck, BASE.roleMembershipPoll(), BASE.embedTextBudget()));
        assertThat(BASE.withRoleMembershipPoll(Duration.ofMillis(50)))
                .isEqualTo(
                        withTunables(BASE.recovery(), BASE.dataCheck(), Duration.ofMillis(50), BASE.embedTextBudget()));
        assertThat(BASE.withEmbedTextBudget(budget))
                .isEqualTo(withTunables(BASE.recovery(), BASE.dataCheck(), BASE.roleMembershipPoll(), budget));
    }

    @Test
    void withersChainWithoutUndoingEachOther() {
        IngestService.Config tuned = BASE.withRoleMembershipPoll(Duration.ofMillis(50))
                .withDataCheck(IngestService.DataCheckPolicy.OFF)
                .withRecovery(IngestService.Recovery.DEFAULTS);

        assertThat(tuned.roleMembershipPoll()).isEqualTo(Duration.ofMillis(50));
        assertThat(tuned.bootstrapServers()).isEqualTo("127.0.0.1:9092");
        assertThat(tuned.cdcPollIntervalMs()).isEqualTo(25);
    }

    private static IngestService.Config withTunables(
            IngestService.Recovery recovery,
            IngestService.DataCheckPolicy dataCheck,
            Duration roleMembershipPoll,
            EmbedTextBudget budget) {
        return new IngestService.Config(
                BASE.bootstrapServers(),
                BASE.security(),
                BASE.stateDir(),
                BASE.replicationRole(),
                BASE.replicationPassword(),
                BASE.cdcPollIntervalMs(),
                recovery,
                dataCheck,
                roleMembershipPoll,
                budget);
    }
}
