package dev.schemarag.generation;

/** A chat prompt: the system message fixes role and rules, the user message carries this question's material. */
public record Prompt(String system, String user) {}
