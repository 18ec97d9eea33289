package dev.schemarag.retrieval.packet;

import static dev.schemarag.core.schema.Tables.name;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.retrieval.config.PacketFormat;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.DocKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContextPacketTest {

    @Test
    void tablesComeFirstThenJoinHintsThenDocumentation() {
        String packet = ContextPacket.assemble(
                List.of("CREATE TABLE a ();", "CREATE TABLE b ();"),
                PacketFormat.CREATE_TABLE,
                List.of("a.b_id = b.b_id"),
                List.of(new DocHit(
                        new DocChunk(name("s.a"), "b_id", DocKind.COLUMN, "Points at b.\nNever null."), 0.5)));

        assertThat(packet).isEqualTo("""
                CREATE TABLE a ();

                CREATE TABLE b ();

                -- Join hints
                -- a.b_id = b.b_id

                -- Retrieved documentation
                -- [column] s.a.b_id
                --   Points at b.
                --   Never null.""");
    }

    @Test
    void emptySectionsAreLeftOut() {
        assertThat(ContextPacket.assemble(
                        List.of("CREATE TABLE a ();"), PacketFormat.CREATE_TABLE, List.of(), List.of()))
                .isEqualTo("CREATE TABLE a ();");
    }

    @Test
    void compactTablesTakeOneLineEach() {
        assertThat(ContextPacket.assemble(
                        List.of("a (x int)", "b (y int)"), PacketFormat.COMPACT, List.of(), List.of()))
                .isEqualTo("a (x int)\nb (y int)");
    }

    @Test
    void tokensAreCountedWithCl100k() {
        assertThat(TokenCounter.count("hello world")).isEqualTo(2);
    }

    @Test
    void specialTokenMarkersCountAsPlainText() {
        assertThat(TokenCounter.count("<|endoftext|>")).isGreaterThan(1);
    }
}
