package dev.schemarag.generation.answer;

import dev.schemarag.core.failure.ErrorClass;

/**
 * Why a question got no answer.
 *
 * @param sqlState PostgreSQL's SQLSTATE when the database refused the query, else null
 * @param attempts SQL candidates tried, repairs included (0 when none was generated)
 */
public record PipelineFailure(ErrorClass errorClass, String sqlState, String message, int attempts) {}
