package dev.schemarag.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The measurement's CPU time, summed over every process, per answered question, and the answers per second one core
 * would sustain at that cost: a figure from a 2-core machine that says what a bigger one would do, and that a run of
 * failures cannot flatter (failures are cheaper than answers, so they count as CPU, not as answers).
 *
 * @param cpuMs the CPU time every process used over the measurement, DDL burst included
 * @param answered the measured questions answered
 * @param cores the processors of the machine the figures come from
 */
record CpuPerAnswer(double cpuMs, long answered, int cores) {
    Map<String, Object> figures() {
        Map<String, Object> figures = new LinkedHashMap<>();
        Double perAnswer = answered == 0 ? null : cpuMs / answered;
        figures.put("ms", perAnswer);
        figures.put("answered", answered);
        figures.put("projected_answers_per_s_per_core", perAnswer == null || perAnswer == 0 ? null : 1_000 / perAnswer);
        figures.put("cores", cores);
        return figures;
    }
}
