package dev.schemarag.ingest.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A place in a MySQL or MariaDB binlog: its file and byte position, and MariaDB's GTID position (the last sequence
 * number of each replication domain) when known. Change capture has handed every change before a server's position to
 * Kafka once its stored offset {@link #reaches reaches} it.
 */
public record BinlogPosition(String file, long pos, Map<Long, Long> gtidDomains) {
    /** One domain's part of a MariaDB GTID position: domain-server-sequence. */
    private static final Pattern MARIADB_GTID = Pattern.compile("(\\d+)-\\d+-(\\d+)");

    private static final Pattern FILE_NUMBER = Pattern.compile(".*\\.(\\d+)");

    public BinlogPosition {
        gtidDomains = Map.copyOf(gtidDomains);
    }

    /**
     * A server's or an offset's position; {@code gtids} is MariaDB's {@code 0-1-126,1-1-7} (MySQL's UUID sets, or
     * none, leave the file and position to compare).
     */
    public static BinlogPosition of(String file, long pos, String gtids) {
        Map<Long, Long> domains = new HashMap<>();
        if (gtids != null && !gtids.isBlank()) {
            for (String part : gtids.split(",")) {
                Matcher m = MARIADB_GTID.matcher(part.strip());
                if (!m.matches()) return new BinlogPosition(file, pos, Map.of());
                domains.merge(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Math::max);
            }
        }
        return new BinlogPosition(file, pos, domains);
    }

    /** The position a Debezium binlog offset ({@code {"file":…,"pos":…,"gtids":…}}) stands at; empty if none. */
    public static Optional<BinlogPosition> ofOffset(String offsetJson) {
        try {
            JsonNode offset = new ObjectMapper().readTree(offsetJson);
            if (!offset.path("file").isTextual() || !offset.path("pos").canConvertToLong()) return Optional.empty();
            return Optional.of(of(
                    offset.get("file").asText(),
                    offset.get("pos").asLong(),
                    offset.path("gtids").asText(null)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether this (an offset) is at or past {@code server}: by GTID when both know MariaDB GTIDs (every domain the
     * server has written to is reached), else by binlog file number and position.
     */
    public boolean reaches(BinlogPosition server) {
        if (!gtidDomains.isEmpty() && !server.gtidDomains.isEmpty())
            return server.gtidDomains.entrySet().stream()
                    .allMatch(d -> gtidDomains.getOrDefault(d.getKey(), -1L) >= d.getValue());
        int files = Long.compare(fileNumber(file), fileNumber(server.file));
        return files > 0 || (files == 0 && pos >= server.pos);
    }

    /** {@code binlog.000012} → 12; the server numbers its binlog files in order. */
    private static long fileNumber(String file) {
        Matcher m = FILE_NUMBER.matcher(file);
        return m.matches() ? Long.parseLong(m.group(1)) : -1;
    }

    @Override
    public String toString() {
        return file + ":" + pos + (gtidDomains.isEmpty() ? "" : " gtids " + gtidDomains);
    }
}
