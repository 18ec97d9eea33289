package dev.schemarag.app.supervision;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/** The supervised services' pids as the supervisor writes them ({@code <service> <pid>} a line). Pure. */
public record ServicePids(Map<String, Long> pids) {
    public ServicePids {
        pids = Map.copyOf(pids);
    }

    public OptionalLong of(String service) {
        Long pid = pids.get(service);
        return pid == null ? OptionalLong.empty() : OptionalLong.of(pid);
    }

    String format() {
        StringBuilder out = new StringBuilder();
        SupervisedLayout.SERVICES.forEach(s ->
                of(s).ifPresent(pid -> out.append(s).append(' ').append(pid).append('\n')));
        return out.toString();
    }

    /** Lines that are not a known service and a positive pid are ignored: the file may be stale or edited. */
    public static ServicePids parse(String text) {
        Map<String, Long> pids = new LinkedHashMap<>();
        for (String line : text.lines().toList()) {
            String[] parts = line.strip().split("\\s+");
            if (parts.length != 2 || !SupervisedLayout.SERVICES.contains(parts[0])) continue;
            try {
                long pid = Long.parseLong(parts[1]);
                if (pid > 0) pids.put(parts[0], pid);
            } catch (NumberFormatException ignored) {
                // not a pid: skip the line
            }
        }
        return new ServicePids(pids);
    }
}
