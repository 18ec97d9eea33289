package dev.schemarag.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServerAddressesTest {
    @Test
    void theLocalUrlNamesAnAddressTheServerAnswersTo() {
        assertThat(ServerAddresses.localUrl("127.0.0.1", 8081)).isEqualTo("http://127.0.0.1:8081");
        assertThat(ServerAddresses.localUrl("::1", 8081)).isEqualTo("http://[::1]:8081");
        assertThat(ServerAddresses.localUrl("0.0.0.0", 8082)).isEqualTo("http://127.0.0.1:8082");
        assertThat(ServerAddresses.localUrl("::", 8083)).isEqualTo("http://127.0.0.1:8083");
    }
}
