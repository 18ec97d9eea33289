package dev.schemarag.retrieval.packet;

import dev.schemarag.retrieval.config.PacketFormat;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocHit;
import java.util.List;

/**
 * The prompt-ready schema context: the tables, then a {@code -- Join hints} section and a
 * {@code -- Retrieved documentation} section, each left out when empty. Everything outside the table definitions is an
 * SQL comment, so the packet reads as one SQL script.
 */
public final class ContextPacket {
    static final String JOIN_HINTS = "-- Join hints";
    static final String DOCUMENTATION = "-- Retrieved documentation";

    private ContextPacket() {}

    /** @param tableTexts each table already rendered in {@code format} */
    public static String assemble(
            List<String> tableTexts, PacketFormat format, List<String> joinHints, List<DocHit> docs) {
        StringBuilder packet =
                new StringBuilder(String.join(format == PacketFormat.COMPACT ? "\n" : "\n\n", tableTexts));
        if (!joinHints.isEmpty()) {
            section(packet, JOIN_HINTS);
            joinHints.forEach(hint -> packet.append("\n-- ").append(hint));
        }
        if (!docs.isEmpty()) {
            section(packet, DOCUMENTATION);
            docs.forEach(hit -> appendDoc(packet, hit.chunk()));
        }
        return packet.toString();
    }

    private static void section(StringBuilder packet, String header) {
        if (!packet.isEmpty()) packet.append("\n\n");
        packet.append(header);
    }

    private static void appendDoc(StringBuilder packet, DocChunk chunk) {
        packet.append("\n-- [").append(chunk.kind().wireName()).append("] ").append(chunk.table());
        if (chunk.aboutColumn()) packet.append('.').append(chunk.column());
        chunk.content().strip().lines().forEach(line -> packet.append("\n--   ").append(line.stripTrailing()));
    }
}
