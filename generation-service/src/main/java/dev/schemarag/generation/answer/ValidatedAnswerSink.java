package dev.schemarag.generation.answer;

/** Port: learns from an answer that passed validation (it becomes a verified example). */
public interface ValidatedAnswerSink {
    void validated(String databaseId, String question, String sql) throws Exception;
}
