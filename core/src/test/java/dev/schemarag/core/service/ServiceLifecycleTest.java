package dev.schemarag.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ServiceLifecycleTest {
    @Test
    void aRunningServiceIsLive() {
        assertThat(new ServiceLifecycle().live()).isTrue();
    }

    @Test
    void aFatalStreamFailureStopsTheServiceWithANonZeroExitCode() {
        ServiceLifecycle lifecycle = new ServiceLifecycle();
        Thread streamThread = new Thread(lifecycle::fail);
        streamThread.start();

        assertTimeoutPreemptively(Duration.ofSeconds(10), lifecycle::awaitStop);
        assertThat(lifecycle.live()).isFalse();
        assertThat(lifecycle.exitCode()).isEqualTo(ServiceLifecycle.FAILED).isNotZero();
    }

    @Test
    void withoutAFailureTheExitCodeIsZero() {
        assertThat(new ServiceLifecycle().exitCode()).isZero();
    }
}
