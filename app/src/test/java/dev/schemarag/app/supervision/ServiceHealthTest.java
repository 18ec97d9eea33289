package dev.schemarag.app.supervision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.app.supervision.ServiceHealth.Health;
import dev.schemarag.core.service.Service;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ServiceHealthTest {
    @Test
    void readyOnlyOn200AndDownWhenNothingAnswers() {
        assertThat(Health.ofReadyStatus(OptionalLong.of(200))).isEqualTo(Health.READY);
        assertThat(Health.ofReadyStatus(OptionalLong.of(503))).isEqualTo(Health.NOT_READY);
        assertThat(Health.ofReadyStatus(OptionalLong.of(404))).isEqualTo(Health.NOT_READY);
        assertThat(Health.ofReadyStatus(OptionalLong.empty())).isEqualTo(Health.DOWN);
    }

    @Test
    void eachServiceIsALineWithPidHealthAndAdminUrl() {
        List<ServiceHealth> services = List.of(
                new ServiceHealth(Service.INGEST, OptionalLong.of(4242), Health.READY, "http://127.0.0.1:8081"),
                new ServiceHealth(Service.GENERATION, OptionalLong.empty(), Health.DOWN, "http://127.0.0.1:8083"));

        assertThat(ServiceHealth.render(services).lines())
                .containsExactly(
                        "ingest      pid 4242     ready      http://127.0.0.1:8081",
                        "generation  pid -        down       http://127.0.0.1:8083");
        assertThat(ServiceHealth.allReady(services)).isFalse();
        assertThat(ServiceHealth.allReady(services.subList(0, 1))).isTrue();
    }
}
