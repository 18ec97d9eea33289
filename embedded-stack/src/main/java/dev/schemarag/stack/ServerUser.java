package dev.schemarag.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.List;

/**
 * The OS user a database server of the stack runs as. PostgreSQL and MariaDB refuse to run as root, so a root JVM
 * runs them as their Debian package's own user ({@code postgres}, {@code mysql}), which then owns their files; any
 * other user runs them as itself.
 */
final class ServerUser {
    private final String name;

    ServerUser(String name) {
        this.name = name;
    }

    static boolean jvmRunsAsRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** The command run as this user: wrapped in {@code runuser} when the JVM is root. */
    List<String> wrap(List<String> command) {
        if (!jvmRunsAsRoot()) {
            return command;
        }
        List<String> wrapped = new ArrayList<>(List.of("runuser", "-u", name, "--"));
        wrapped.addAll(command);
        return wrapped;
    }

    /** Gives the file to this user (and its group) when the JVM is root; otherwise the JVM's user owns it already. */
    void own(Path path) throws IOException {
        if (!jvmRunsAsRoot()) {
            return;
        }
        UserPrincipalLookupService users = path.getFileSystem().getUserPrincipalLookupService();
        PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
        view.setOwner(users.lookupPrincipalByName(name));
        view.setGroup(users.lookupPrincipalByGroupName(name));
    }
}
