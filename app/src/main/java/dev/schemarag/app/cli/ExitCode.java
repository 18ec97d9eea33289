package dev.schemarag.app.cli;

/** Exit codes the commands share beyond 0: what a script running them tells apart. */
final class ExitCode {
    /** The command ran and something failed; it says what on standard error. */
    static final int FAILED = 1;
    /** The command was called wrongly (picocli's own code for it too); nothing was changed. */
    static final int USAGE = 2;

    private ExitCode() {}
}
