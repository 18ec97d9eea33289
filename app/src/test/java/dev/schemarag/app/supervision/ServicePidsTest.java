package dev.schemarag.app.supervision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.service.Service;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ServicePidsTest {
    @Test
    void whatIsWrittenIsReadBack() {
        ServicePids pids = new ServicePids(Map.of(Service.RETRIEVAL, 12L, Service.INGEST, 11L));

        assertThat(pids.format()).isEqualTo("ingest 11\nretrieval 12\n");
        assertThat(ServicePids.parse(pids.format())).isEqualTo(pids);
    }

    @Test
    void unknownServicesAndMalformedPidsAreIgnored() {
        ServicePids pids = ServicePids.parse("ingest 11\nshell 7\nretrieval -3\ngeneration x\n\ngeneration 1 2\n");

        assertThat(pids.of(Service.INGEST)).isEqualTo(OptionalLong.of(11));
        assertThat(pids.of(Service.RETRIEVAL)).isEmpty();
        assertThat(pids.of(Service.GENERATION)).isEmpty();
        assertThat(pids.pids()).containsOnlyKeys(Service.INGEST);
    }
}
