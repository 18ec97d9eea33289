package dev.schemarag.stack.process;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * How {@code schemarag serve <service>} is started as a process of its own, and how its output tells that it is up:
 * the admin endpoint it prints ({@code <service> admin on http://host:port}), whose {@code /ready} is then polled,
 * or, from a service without one, its {@code service running} line. Pure but for {@link #ofThisJvm}, which looks
 * for {@code nice}.
 *
 * @param mainClass the command line's main class, whose {@code serve <service>} runs the service: the caller's, since
 *     this module sits below the command line
 */
public record ServiceLaunch(
        String service,
        List<String> launcher,
        String javaExecutable,
        String classpath,
        String mainClass,
        List<String> jvmOptions,
        Path home) {
    /** Small heaps and the serial collector: three services and the stack share a developer machine. */
    public static final List<String> DEFAULT_JVM_OPTIONS = List.of("-Xmx512m", "-XX:+UseSerialGC");

    private static final Path NICE = Path.of("/usr/bin/nice");

    private static final Pattern ADMIN = Pattern.compile("(\\w+) admin on (http://[^\\s;,]+)");
    private static final String RUNNING = "service running";

    public ServiceLaunch {
        launcher = List.copyOf(launcher);
        jvmOptions = List.copyOf(jvmOptions);
    }

    /**
     * This JVM's {@code java} and classpath: the one a {@code ./schemarag} run or a test runs with.
     *
     * @param niceness how much to lower the service's CPU priority with {@code nice}, where there is one; 0 for none
     */
    public static ServiceLaunch ofThisJvm(String mainClass, String service, int niceness, Path home) {
        return new ServiceLaunch(
                service,
                niceness != 0 && Files.isExecutable(NICE)
                        ? List.of(NICE.toString(), "-n", Integer.toString(niceness))
                        : List.of(),
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                absolute(System.getProperty("java.class.path"), Path.of("").toAbsolutePath()),
                mainClass,
                DEFAULT_JVM_OPTIONS,
                home);
    }

    /** The classpath with relative entries resolved against {@code workingDir}: a service runs in its own home. */
    public static String absolute(String classpath, Path workingDir) {
        return Arrays.stream(classpath.split(File.pathSeparator))
                .filter(entry -> !entry.isEmpty())
                .map(entry -> workingDir.resolve(entry).normalize().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }

    public List<String> command() {
        List<String> command = new ArrayList<>(launcher);
        command.add(javaExecutable);
        command.addAll(jvmOptions);
        command.add("-Dschemarag.home=" + home);
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass);
        command.add("serve");
        command.add(service);
        return command;
    }

    /** The admin endpoint's base URL when {@code line} announces this service's. */
    Optional<URI> adminUrl(String line) {
        Matcher m = ADMIN.matcher(line);
        while (m.find()) if (m.group(1).equals(service)) return Optional.of(URI.create(m.group(2)));
        return Optional.empty();
    }

    boolean announcesRunning(String line) {
        return line.startsWith(service + " " + RUNNING);
    }
}
