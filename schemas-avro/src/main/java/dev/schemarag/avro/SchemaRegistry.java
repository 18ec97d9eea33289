package dev.schemarag.avro;

import java.util.List;
import org.apache.avro.Schema;

/**
 * The subset of a Confluent-compatible schema registry that SchemaRAG uses. Error answers are
 * {@link SchemaRegistryException}s carrying the registry's {@code error_code}; a registry that cannot be reached is a
 * {@link SchemaRegistryUnavailableException}.
 */
public interface SchemaRegistry {
    /** Registers {@code schema} under {@code subject} (or finds it already there) and returns its global id. */
    int register(String subject, Schema schema);

    Schema getById(int id);

    /** Whether {@code schema} could be registered next under {@code subject}, per the registry's compatibility rule. */
    boolean isCompatible(String subject, Schema schema);

    List<String> subjects();

    SchemaVersion latest(String subject);
}
