package dev.schemarag.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ConcurrentlyTest {
    @Test
    void bothRunAtTheSameTimeTheAsideOnAThreadOfItsOwn() {
        // Each waits for the other to have begun: run one after the other, neither would get past its latch.
        CountDownLatch begun = new CountDownLatch(2);
        AtomicReference<String> asideThread = new AtomicReference<>();
        AtomicBoolean bothMet = new AtomicBoolean(true);
        Runnable meet = () -> {
            begun.countDown();
            try {
                if (!begun.await(10, TimeUnit.SECONDS)) bothMet.set(false);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        };

        Concurrently.run(
                "aside",
                () -> {
                    asideThread.set(Thread.currentThread().getName());
                    meet.run();
                },
                meet);

        assertThat(bothMet).isTrue();
        assertThat(asideThread).hasValue("aside");
    }

    @Test
    void aFailureHereIsThrownOnlyOnceTheAsideHasEnded() {
        AtomicBoolean asideEnded = new AtomicBoolean();
        CountDownLatch hereEnding = new CountDownLatch(1);

        assertThatThrownBy(() -> Concurrently.run(
                        "aside",
                        () -> {
                            awaitQuietly(hereEnding);
                            asideEnded.set(true);
                        },
                        () -> {
                            hereEnding.countDown();
                            throw new IllegalStateException("broker did not start");
                        }))
                .hasMessage("broker did not start");
        assertThat(asideEnded).isTrue();
    }

    @Test
    void theAsidesFailureIsThrownHere() {
        assertThatThrownBy(() -> Concurrently.run(
                        "aside",
                        () -> {
                            throw new IllegalStateException("initdb failed");
                        },
                        () -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("initdb failed");
    }

    @Test
    void whenBothFailTheAsidesFailureIsSuppressedInTheOneHere() {
        assertThatThrownBy(() -> Concurrently.run(
                        "aside",
                        () -> {
                            throw new IllegalStateException("initdb failed");
                        },
                        () -> {
                            throw new IllegalArgumentException("bad port");
                        }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bad port")
                .satisfies(e -> assertThat(e.getSuppressed()).singleElement().satisfies(s -> assertThat(s)
                        .hasMessage("initdb failed")));
    }

    @Test
    void anInterruptedCallerStillWaitsForTheAsideAndKeepsItsInterrupt() {
        AtomicBoolean asideEnded = new AtomicBoolean();
        AtomicBoolean interruptKept = new AtomicBoolean();
        CountDownLatch hereEnding = new CountDownLatch(1);

        Concurrently.run(
                "aside",
                () -> {
                    awaitQuietly(hereEnding);
                    asideEnded.set(true);
                },
                () -> {
                    hereEnding.countDown();
                    Thread.currentThread().interrupt();
                });
        interruptKept.set(Thread.interrupted()); // also clears it for the next test

        assertThat(asideEnded).isTrue();
        assertThat(interruptKept).isTrue();
    }

    /** The aside ends only after the caller's part has ended, so the caller must wait for it. */
    private static void awaitQuietly(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) throw new IllegalStateException("the caller's part never ended");
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
