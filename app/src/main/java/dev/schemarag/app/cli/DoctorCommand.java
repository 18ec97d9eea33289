package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.app.doctor.Checkup;
import dev.schemarag.app.doctor.Diagnosis;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code schemarag doctor}: every component checked ({@link Checkup}), a {@code fix:} line under each failure. */
@Command(name = "doctor", description = "Check every component and print what to fix (exit 1 when something fails).")
final class DoctorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        try (Services services = Services.fromEnvironment()) {
            return Diagnosis.print(Checkup.of(services), spec.commandLine().getOut()) == 0 ? 0 : ExitCode.FAILED;
        }
    }
}
