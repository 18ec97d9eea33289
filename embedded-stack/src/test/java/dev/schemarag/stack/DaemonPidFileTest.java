package dev.schemarag.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DaemonPidFileTest {
    @TempDir
    Path dir;

    @Test
    void aWrittenFileNamesTheLiveCurrentProcess() throws IOException {
        Path pidFile = dir.resolve("d.pid");

        DaemonPidFile.writeCurrentProcess(pidFile);

        assertThat(DaemonPidFile.liveProcess(pidFile).map(ProcessHandle::pid))
                .contains(ProcessHandle.current().pid());
    }

    @Test
    void aLiveProcessWithAnotherStartTimeIsNotTheDaemon() throws IOException {
        Path pidFile = dir.resolve("d.pid");
        Files.writeString(pidFile, ProcessHandle.current().pid() + "\n12345\n");

        assertThat(DaemonPidFile.liveProcess(pidFile)).isEmpty();
    }

    @Test
    void aMissingFileNamesNoProcess() throws IOException {
        assertThat(DaemonPidFile.liveProcess(dir.resolve("none.pid"))).isEmpty();
    }

    @Test
    void aMalformedFileIsAnErrorNamingTheFile() throws IOException {
        Path pidFile = dir.resolve("d.pid");
        Files.writeString(pidFile, "abc\n1\n");

        assertThatThrownBy(() -> DaemonPidFile.liveProcess(pidFile))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("malformed pid file " + pidFile);
    }

    @Test
    void onlyTheProcessNamedInTheFileDeletesIt() throws IOException {
        Path pidFile = dir.resolve("d.pid");
        Files.writeString(pidFile, ProcessHandle.current().pid() + "\n12345\n");

        DaemonPidFile.deleteIfCurrentProcess(pidFile);

        assertThat(pidFile).exists();
    }
}
