package dev.schemarag.generation.service;

import dev.schemarag.core.config.Setting;
import java.util.ArrayList;
import java.util.List;

/**
 * The execution service's own settings beside the executor's ({@link ExecutionSettings}). It repairs failed statements
 * as generation does, so it reads generation's settings too: the attempts, the record deadline, the punctuation
 * interval, the SQL limits, the LLM and the limits on the target databases.
 */
public final class ExecutionStageSettings {
    public static final Setting<Integer> WORKERS = Setting.integer(
            "execution.workers",
            8,
            1,
            256,
            "answers executed at once per process (worker threads running statements and their repairs), shared by"
                    + " all its partitions; execution.concurrency bounds the statements on each database");

    private ExecutionStageSettings() {}

    public static List<Setting<?>> declared() {
        List<Setting<?>> all = new ArrayList<>(List.of(WORKERS));
        all.addAll(ExecutionSettings.declared());
        all.addAll(GenerationSettings.declared());
        return all;
    }
}
