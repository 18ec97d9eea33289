package dev.schemarag.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * CPU time a process has used, from {@code /proc/<pid>/stat} (Linux): its user and system time, and for a tree such
 * as PostgreSQL's, that of its live children plus the children it has already reaped, so that a session that ended
 * during a measurement still counts.
 */
final class ProcessCpu {
    /** Linux reports these times in USER_HZ, 100 a second on every architecture. */
    private static final long TICKS_PER_SECOND = 100;

    private ProcessCpu() {}

    /** The process's own CPU time; empty when it is gone or /proc cannot be read. */
    static Optional<Duration> of(long pid) {
        return stat(pid).map(stat -> parse(stat, false));
    }

    /** The CPU time of the process, its live children and the children it has reaped. */
    static Optional<Duration> ofTree(long pid) {
        return stat(pid).map(stat -> ProcessHandle.of(pid)
                .map(ProcessHandle::children)
                .orElseGet(Stream::empty)
                .map(child -> of(child.pid()).orElse(Duration.ZERO))
                .reduce(parse(stat, true), Duration::plus));
    }

    /**
     * Fields 14 to 17 of a stat line: utime, stime, and the reaped children's cutime and cstime. The command name in
     * field 2 may hold spaces and parentheses, so fields are counted from its last closing parenthesis.
     */
    static Duration parse(String stat, boolean withReapedChildren) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).strip().split(" ");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        if (withReapedChildren) ticks += Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
        return Duration.ofMillis(ticks * 1000 / TICKS_PER_SECOND);
    }

    private static Optional<String> stat(long pid) {
        try {
            return Optional.of(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
