package dev.schemarag.bench;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The live objects of the heap by class, as {@code jcmd <pid> GC.class_histogram} reports them: taken after a full
 * collection, so only what is still reachable is counted.
 */
record HeapHistogram(long bytes, long instances, Map<String, Long> bytesByClass) {
    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+).*$");
    private static final Pattern TOTAL = Pattern.compile("^Total\\s+(\\d+)\\s+(\\d+)\\s*$");

    /** One class's share of a difference between two histograms. */
    record ClassBytes(String className, long bytes) {}

    /** This JVM's histogram, by the diagnostic command jcmd runs; it collects the whole heap first. */
    static HeapHistogram take() {
        try {
            String text = (String) ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            "gcClassHistogram",
                            new Object[] {new String[0]},
                            new String[] {String[].class.getName()});
            return parse(text);
        } catch (JMException e) {
            throw new IllegalStateException("the JVM's class histogram could not be taken", e);
        }
    }

    static HeapHistogram parse(String text) {
        Map<String, Long> byClass = new HashMap<>();
        long bytes = -1;
        long instances = -1;
        for (String line : text.split("\\R")) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                byClass.merge(row.group(3), Long.parseLong(row.group(2)), Long::sum);
                continue;
            }
            Matcher total = TOTAL.matcher(line);
            if (total.matches()) {
                instances = Long.parseLong(total.group(1));
                bytes = Long.parseLong(total.group(2));
            }
        }
        if (bytes < 0) throw new IllegalArgumentException("no Total line in the class histogram");
        return new HeapHistogram(bytes, instances, Map.copyOf(byClass));
    }

    /** The classes that grew most from {@code before} to this one, largest first. */
    List<ClassBytes> largestGrowth(HeapHistogram before, int limit) {
        List<ClassBytes> growth = new ArrayList<>();
        bytesByClass.forEach((name, size) -> {
            long grown = size - before.bytesByClass.getOrDefault(name, 0L);
            if (grown > 0) growth.add(new ClassBytes(name, grown));
        });
        growth.sort(Comparator.comparingLong(ClassBytes::bytes).reversed().thenComparing(ClassBytes::className));
        return growth.subList(0, Math.min(limit, growth.size()));
    }
}
