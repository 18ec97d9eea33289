package dev.schemarag.app.supervision;

import dev.schemarag.core.service.Service;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** The supervised services' pids as the supervisor writes them ({@code <service> <pid>} a line). Pure. */
public record ServicePids(Map<Service, Long> pids) {
    public ServicePids {
        pids = Map.copyOf(pids);
    }

    public OptionalLong of(Service service) {
        Long pid = pids.get(service);
        return pid == null ? OptionalLong.empty() : OptionalLong.of(pid);
    }

    String format() {
        StringBuilder out = new StringBuilder();
        for (Service s : Service.values())
            of(s).ifPresent(pid -> out.append(s.id()).append(' ').append(pid).append('\n'));
        return out.toString();
    }

    /** Lines that are not a known service and a positive pid are ignored: the file may be stale or edited. */
    public static ServicePids parse(String text) {
        Map<Service, Long> pids = new EnumMap<>(Service.class);
        for (String line : text.lines().toList()) {
            String[] parts = line.strip().split("\\s+");
            Optional<Service> service = parts.length == 2 ? Service.byId(parts[0]) : Optional.empty();
            if (service.isEmpty()) continue;
            try {
                long pid = Long.parseLong(parts[1]);
                if (pid > 0) pids.put(service.get(), pid);
            } catch (NumberFormatException ignored) {
                // not a pid: skip the line
            }
        }
        return new ServicePids(pids);
    }
}
