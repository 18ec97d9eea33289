package dev.schemarag.core.admin;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every check's result; ready when all are up. */
public record ReadinessReport(List<Entry> checks) {
    public record Entry(String name, CheckResult result) {}

    public boolean ready() {
        return checks.stream().allMatch(e -> e.result().up());
    }

    /** {@code {"status": "UP"|"DOWN", "checks": [{"name", "status", "detail"}]}}. */
    public Map<String, Object> body() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", ready() ? "UP" : "DOWN");
        body.put(
                "checks",
                checks.stream()
                        .map(e -> {
                            Map<String, String> check = new LinkedHashMap<>();
                            check.put("name", e.name());
                            check.put("status", e.result().up() ? "UP" : "DOWN");
                            check.put("detail", e.result().detail());
                            return check;
                        })
                        .toList());
        return body;
    }
}
