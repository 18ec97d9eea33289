package dev.schemarag.core.admin;

/** One thing a service needs before it can do its work; a check that throws is down, named by the exception's class. */
public interface ReadinessCheck {
    String name();

    CheckResult check() throws Exception;

    @FunctionalInterface
    interface Probe {
        CheckResult check() throws Exception;
    }

    static ReadinessCheck of(String name, Probe probe) {
        return new ReadinessCheck() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public CheckResult check() throws Exception {
                return probe.check();
            }
        };
    }
}
