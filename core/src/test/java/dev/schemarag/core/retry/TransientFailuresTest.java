package dev.schemarag.core.retry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

class TransientFailuresTest {
    @Test
    void connectionFailuresAndAServerGoingAwayAreTransient() {
        assertThat(TransientFailures.isTransient(new SQLException("connection refused", "08001")))
                .isTrue();
        assertThat(TransientFailures.isTransient(new SQLException("I/O error", "08006")))
                .isTrue();
        assertThat(TransientFailures.isTransient(new SQLException("terminating connection", "57P01")))
                .isTrue();
        assertThat(TransientFailures.isTransient(new SQLException("the database system is starting up", "57P03")))
                .isTrue();
        assertThat(TransientFailures.isTransient(new SQLException("too many clients", "53300")))
                .isTrue();
    }

    @Test
    void aPoolTimeoutIsTransientAndSoIsAWrappedOne() {
        var poolTimeout = new SQLTransientConnectionException("Connection is not available, request timed out");
        assertThat(TransientFailures.isTransient(poolTimeout)).isTrue();
        assertThat(TransientFailures.isTransient(new IOException("cannot read the target", poolTimeout)))
                .isTrue();
        assertThat(TransientFailures.isTransient(
                        new SQLException("The connection attempt failed.", null, new ConnectException("refused"))))
                .isTrue();
    }

    @Test
    void whatWaitingCannotFixIsPermanent() {
        assertThat(TransientFailures.isTransient(new SQLException("permission denied", "42501")))
                .isFalse();
        assertThat(TransientFailures.isTransient(new SQLException("relation does not exist", "42P01")))
                .isFalse();
        assertThat(TransientFailures.isTransient(new SQLException("database x does not exist", "3D000")))
                .isFalse();
        assertThat(TransientFailures.isTransient(new SQLException("no state"))).isFalse();
        assertThat(TransientFailures.isTransient(new IllegalStateException("bug")))
                .isFalse();
    }

    @Test
    void aCauseCycleEnds() {
        SQLException a = new SQLException("a", "42000");
        SQLException b = new SQLException("b", "42000", a);
        a.initCause(b);

        assertThat(TransientFailures.isTransient(b)).isFalse();
    }
}
