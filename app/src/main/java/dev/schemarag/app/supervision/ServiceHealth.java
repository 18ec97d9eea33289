package dev.schemarag.app.supervision;

import dev.schemarag.core.service.Service;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/** One supervised service as {@code schemarag status} shows it, and how a table of them is rendered. Pure. */
public record ServiceHealth(Service service, OptionalLong pid, Health health, String adminUrl) {
    public enum Health {
        READY("ready"),
        NOT_READY("not ready"),
        DOWN("down");

        private final String label;

        Health(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** From the status of {@code GET /ready}, or none when nothing answered. */
        static Health ofReadyStatus(OptionalLong httpStatus) {
            if (httpStatus.isEmpty()) return DOWN;
            return httpStatus.getAsLong() == 200 ? READY : NOT_READY;
        }
    }

    public static String render(List<ServiceHealth> services) {
        StringBuilder out = new StringBuilder();
        for (ServiceHealth s : services) {
            String pid = s.pid().isPresent() ? Long.toString(s.pid().getAsLong()) : "-";
            out.append(String.format(
                    Locale.ROOT, "%-11s pid %-8s %-10s %s%n", s.service(), pid, s.health().label, s.adminUrl()));
        }
        return out.toString();
    }

    public static boolean allReady(List<ServiceHealth> services) {
        return services.stream().allMatch(s -> s.health() == Health.READY);
    }
}
