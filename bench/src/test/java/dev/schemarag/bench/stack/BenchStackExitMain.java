package dev.schemarag.bench.stack;

import java.nio.file.Path;

/**
 * Run by {@link BenchStackExitIT} as a JVM of its own: a benchmark's stack and a child process standing in for a
 * service, then it waits to be stopped.
 */
final class BenchStackExitMain {
    private BenchStackExitMain() {}

    public static void main(String[] args) throws Exception {
        BenchStack stack = new BenchStack(Path.of(args[0]));
        stack.up();
        Process service = new ProcessBuilder("sleep", "600").start();
        System.out.println("ready " + stack.postgres().postmasterPid().orElseThrow() + " " + service.pid());
        System.out.flush();
        Thread.currentThread().join(); // until SIGTERM
    }
}
