package dev.schemarag.generation.validation;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.stream.Stream;

/**
 * The hostile statements every layer must stop: a JSON array of strings (JSON keeps CR, tabs and non-ASCII exact),
 * one statement per entry. Entries built by code, too long to write out, are added here.
 */
public final class HostileCorpus {

    private HostileCorpus() {}

    public static List<String> statements() throws IOException {
        try (InputStream in = HostileCorpus.class.getResourceAsStream("/validation/hostile-statements.json")) {
            List<String> written = new ObjectMapper().readValue(in, new TypeReference<List<String>>() {});
            return Stream.concat(written.stream(), generated().stream()).toList();
        }
    }

    private static List<String> generated() {
        return List.of(
                "SELECT " + "1+".repeat(5000) + "1",
                "SELECT " + "(".repeat(3000) + "1" + ")".repeat(3000),
                "SELECT " + "CASE WHEN true THEN ".repeat(2000) + "1" + " END".repeat(2000),
                "SELECT " + "NOT ".repeat(5000) + "true",
                "SELECT " + "ARRAY[".repeat(2000) + "1" + "]".repeat(2000),
                "SELECT 'x'" + "||'x'".repeat(20000),
                "SELECT '" + "x".repeat(70_000) + "'",
                "SELECT 1 -- " + "x".repeat(70_000),
                "SELECT replace('" + "a".repeat(30_000) + "', 'a', '" + "b".repeat(30_000) + "')",
                "SELECT " + "-".repeat(1) + " 1" + " AND 1 = 1".repeat(3000));
    }
}
