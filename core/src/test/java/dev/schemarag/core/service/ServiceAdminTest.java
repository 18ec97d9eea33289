package dev.schemarag.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServiceAdminTest {
    @Test
    void theAnnouncedUrlNamesAnAddressTheEndpointAnswersTo() {
        assertThat(ServiceAdmin.url("127.0.0.1", 8081)).isEqualTo("http://127.0.0.1:8081");
        assertThat(ServiceAdmin.url("::1", 8081)).isEqualTo("http://[::1]:8081");
        assertThat(ServiceAdmin.url("0.0.0.0", 8082)).isEqualTo("http://127.0.0.1:8082");
        assertThat(ServiceAdmin.url("::", 8083)).isEqualTo("http://127.0.0.1:8083");
    }
}
