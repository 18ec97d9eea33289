package dev.schemarag.app.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Peak resident memory of this JVM plus the current resident memory of the embedded PostgreSQL processes, read from
 * /proc (Linux). PostgreSQL's shared buffers are counted once per process that touched them, so this overstates.
 */
public final class PeakMemory {
    private PeakMemory() {}

    public static long jvmPeakKb() {
        return statusField(Path.of("/proc/self/status"), "VmHWM:");
    }

    /** Sum of VmHWM over processes whose command line mentions the given data directory or are its children. */
    public static long postgresKb(Path postgresDataDir) {
        long total = 0;
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+"))
                    .toList()) {
                if (isPostgresOf(p, postgresDataDir)) total += statusField(p.resolve("status"), "VmHWM:");
            }
        } catch (IOException e) {
            return 0;
        }
        return total;
    }

    private static boolean isPostgresOf(Path proc, Path dataDir) {
        try {
            String exe = Files.readString(proc.resolve("comm")).strip();
            if (!exe.startsWith("postgres")) return false;
            String cmd = Files.readString(proc.resolve("cmdline")).replace('\0', ' ');
            if (cmd.contains(dataDir.toString())) return true;
            // Backends are renamed ("postgres: schemarag erp ..."): accept children of the postmaster of this dir.
            String stat = Files.readString(proc.resolve("stat"));
            String ppid = stat.substring(stat.lastIndexOf(')') + 2).split(" ")[1];
            String parentCmd =
                    Files.readString(Path.of("/proc", ppid, "cmdline")).replace('\0', ' ');
            return parentCmd.contains(dataDir.toString());
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static long statusField(Path status, String field) {
        try {
            for (String line : Files.readAllLines(status))
                if (line.startsWith(field))
                    return Long.parseLong(
                            line.substring(field.length()).replace("kB", "").strip());
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }
}
