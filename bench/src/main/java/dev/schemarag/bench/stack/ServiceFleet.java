package dev.schemarag.bench.stack;

import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.service.Service;
import dev.schemarag.stack.process.ServiceLaunch;
import dev.schemarag.stack.process.ServiceProcess;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The services of a benchmark as OS processes ({@link ServiceProcess}), each instance with its own home, log file,
 * admin port and static group membership (as a supervisor runs them, so a restarted process takes its partitions
 * back at once). One instance of a service is named after it; more are numbered.
 */
public final class ServiceFleet implements AutoCloseable {
    /** Ingest runs niced and loads its models first: on a loaded two-core machine it has taken over three minutes. */
    public static final Duration READY_TIMEOUT = Duration.ofMinutes(6);

    private final Map<Service, List<ServiceProcess>> byService = new LinkedHashMap<>();

    /**
     * @param instances how many processes of each service, in start order
     * @param environment what every process gets besides its own admin port and group instance id
     * @param memberPrefix prefix of each process's {@code group.instance.id}
     * @param cliMainClass the main class whose {@code serve <service>} runs a service
     */
    public ServiceFleet(
            Map<Service, Integer> instances,
            Map<String, String> environment,
            Path dir,
            String memberPrefix,
            String cliMainClass)
            throws IOException {
        for (Map.Entry<Service, Integer> entry : instances.entrySet()) {
            Service service = entry.getKey();
            List<ServiceProcess> processes = new ArrayList<>();
            for (int i = 0; i < entry.getValue(); i++) {
                String name = entry.getValue() == 1 ? service.id() : service.id() + "-" + i;
                Map<String, String> own = new HashMap<>(environment);
                own.put(StreamsSettings.GROUP_INSTANCE_ID.environmentVariable(), memberPrefix + name);
                own.put(service.adminPort().environmentVariable(), Integer.toString(freePort()));
                processes.add(new ServiceProcess(
                        ServiceLaunch.ofThisJvm(
                                cliMainClass,
                                service.id(),
                                service.niceness(),
                                dir.resolve("services").resolve(name)),
                        own,
                        dir.resolve("logs").resolve(name + ".log")));
            }
            byService.put(service, processes);
        }
    }

    /**
     * One ingest, and {@code instances} each of retrieval, generation and execution (which, like generation, scales
     * out by the partitions of the topic it reads), in the order they start.
     */
    public static Map<Service, Integer> pipeline(int instances) {
        Map<Service, Integer> counts = new EnumMap<>(Service.class);
        counts.put(Service.INGEST, 1);
        counts.put(Service.RETRIEVAL, instances);
        counts.put(Service.GENERATION, instances);
        counts.put(Service.EXECUTION, instances);
        return counts;
    }

    /** Starts every process, then waits until each is ready. */
    public void start() throws IOException, InterruptedException {
        for (ServiceProcess p : all()) p.start();
        for (ServiceProcess p : all()) p.awaitReady(READY_TIMEOUT);
    }

    /** The first (with one instance, the only) process of {@code service}. */
    public ServiceProcess process(Service service) {
        return instances(service).get(0);
    }

    public List<ServiceProcess> instances(Service service) {
        List<ServiceProcess> processes = byService.get(service);
        if (processes == null) throw new IllegalArgumentException("no " + service + " in this fleet");
        return processes;
    }

    public List<ServiceProcess> all() {
        return byService.values().stream().flatMap(List::stream).toList();
    }

    /**
     * A free port for an admin endpoint, chosen here rather than 0 so that a service that cannot bind an ephemeral
     * port still gets one; each service prints the endpoint it serves.
     */
    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Stops every process (SIGTERM, so each leaves its group), the last started first. */
    @Override
    public void close() {
        List<ServiceProcess> processes = new ArrayList<>(all());
        Collections.reverse(processes);
        RuntimeException failure = null;
        for (ServiceProcess p : processes)
            try {
                p.close();
            } catch (RuntimeException e) {
                if (failure == null) failure = e;
                else failure.addSuppressed(e);
            }
        if (failure != null) throw failure;
    }
}
