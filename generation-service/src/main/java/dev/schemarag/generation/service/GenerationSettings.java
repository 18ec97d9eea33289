package dev.schemarag.generation.service;

import dev.schemarag.core.config.Setting;
import dev.schemarag.generation.answer.AnswerPipeline;
import dev.schemarag.generation.examples.VerifiedExampleGenerator;
import dev.schemarag.generation.llm.LlmSettings;

import java.util.ArrayList;
import java.util.List;

/** The generation service's settings; each maps to an environment variable, e.g. GENERATION_MAX_ATTEMPTS. */
public final class GenerationSettings {
    public static final Setting<Integer> MAX_ATTEMPTS = Setting.integer("generation.max.attempts",
            AnswerPipeline.DEFAULT_MAX_ATTEMPTS, 1, 10, "SQL candidates tried per question, repairs included");
    public static final Setting<Integer> STATEMENT_TIMEOUT_MILLIS = Setting.integer("generation.statement.timeout.millis",
            5_000, 1, 600_000, "statement_timeout for EXPLAIN on the target database");
    public static final Setting<Double> EXAMPLE_THRESHOLD = Setting.decimal("generation.example.threshold",
            VerifiedExampleGenerator.DEFAULT_THRESHOLD, 0.0, 1.0, "least question similarity at which a verified example answers offline");

    private GenerationSettings() {}

    public static List<Setting<?>> declared() {
        List<Setting<?>> all = new ArrayList<>(List.of(MAX_ATTEMPTS, STATEMENT_TIMEOUT_MILLIS, EXAMPLE_THRESHOLD));
        all.addAll(LlmSettings.declared());
        return all;
    }
}
