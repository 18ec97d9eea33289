package dev.schemarag.generation.validation;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * The MySQL guard's corpora: {@code mysql-hostile-statements.json}, statements it must refuse, each with the reason
 * expected (a fragment of the verdict's reason), and {@code mysql-benign-statements.json}, analytic queries it must
 * let through.
 */
final class MySqlCorpus {

    /** @param family what the statement tries; @param reason a fragment the refusal must contain */
    record Hostile(String family, String sql, String reason) {}

    private MySqlCorpus() {}

    static List<Hostile> hostile() throws IOException {
        return read("/validation/mysql-hostile-statements.json", new TypeReference<>() {});
    }

    static List<String> benign() throws IOException {
        return read("/validation/mysql-benign-statements.json", new TypeReference<>() {});
    }

    private static <T> T read(String resource, TypeReference<T> type) throws IOException {
        try (InputStream in = MySqlCorpus.class.getResourceAsStream(resource)) {
            return new ObjectMapper().readValue(in, type);
        }
    }
}
