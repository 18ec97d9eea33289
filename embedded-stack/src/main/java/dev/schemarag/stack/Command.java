package dev.schemarag.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs an external command to completion, capturing its combined output. */
final class Command {
    /** The exit code and combined stdout/stderr of a finished command. */
    record Result(int exitCode, String output) {
        boolean succeeded() {
            return exitCode == 0;
        }
    }

    private Command() {}

    static Result run(Duration timeout, List<String> command) {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.get(0), e);
        }
        try {
            process.getOutputStream().close();
            // Commands here print little, so reading after exit cannot fill the pipe and block.
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish within " + timeout);
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return new Result(process.exitValue(), output);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the output of " + command.get(0), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while running " + command.get(0), e);
        }
    }

    static String runOrThrow(Duration timeout, List<String> command) {
        Result result = run(timeout, command);
        if (!result.succeeded()) {
            throw new IllegalStateException(
                    String.join(" ", command) + " failed with exit code " + result.exitCode() + ": " + result.output());
        }
        return result.output();
    }
}
