package dev.schemarag.stack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The stack daemon's pid file: its pid and its start time. The start time tells a live daemon from an
 * unrelated process that later got the same pid (the command line cannot: the JDK truncates it to 4 KiB,
 * well before the main class of a long classpath).
 */
public final class DaemonPidFile {
    private DaemonPidFile() {}

    /** Writes the current process atomically, so a reader never sees a half-written file. */
    public static void writeCurrentProcess(Path pidFile) throws IOException {
        ProcessHandle self = ProcessHandle.current();
        String content = self.pid() + "\n"
                + self.info().startInstant().map(Instant::toEpochMilli).orElse(0L) + "\n";
        Path partial = pidFile.resolveSibling(pidFile.getFileName() + ".partial");
        Files.writeString(partial, content, StandardCharsets.UTF_8);
        Files.move(partial, pidFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The live process the file names, if it is the one that wrote it. */
    public static Optional<ProcessHandle> liveProcess(Path pidFile) throws IOException {
        if (!Files.exists(pidFile)) {
            return Optional.empty();
        }
        List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
        if (lines.size() < 2) {
            throw new IOException("expected a pid and a start time in " + pidFile + ", found " + lines);
        }
        try {
            long pid = Long.parseLong(lines.get(0).strip());
            long startMillis = Long.parseLong(lines.get(1).strip());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(process -> process.info()
                    .startInstant()
                    .map(started -> started.toEpochMilli() == startMillis)
                    .orElse(true));
        } catch (NumberFormatException e) {
            throw new IOException("malformed pid file " + pidFile + ": " + e.getMessage(), e);
        }
    }

    /** Deletes the file if it names the current process; a daemon that failed to start must not orphan a running one. */
    public static void deleteIfCurrentProcess(Path pidFile) throws IOException {
        if (liveProcess(pidFile)
                .map(process -> process.pid() == ProcessHandle.current().pid())
                .orElse(false)) {
            Files.delete(pidFile);
        }
    }
}
