package dev.schemarag.retrieval;

import dev.schemarag.core.schema.Table;
import dev.schemarag.retrieval.index.*;
import dev.schemarag.retrieval.packet.*;
import dev.schemarag.retrieval.lexical.*;
import dev.schemarag.retrieval.graph.*;
import org.junit.jupiter.api.Test;
import java.util.*;

class ScratchProfileTest {
    @Test
    void profile() throws Exception {
        var m = LargeCatalogRetrievalTest.class.getDeclaredMethod("catalog", Random.class);
        m.setAccessible(true);
        @SuppressWarnings("unchecked") List<Table> tables = (List<Table>) m.invoke(null, new Random(42));
        FakeSchemaIndex index = new FakeSchemaIndex("big", tables);
        IndexedDatabase db = index.load("big").orElseThrow();
        long t0 = System.nanoTime();
        LexicalIndex lex = LexicalIndex.build(db);
        long t1 = System.nanoTime();
        for (Table t : tables) TokenCounter.count(CreateTableRenderer.render(t));
        long t2 = System.nanoTime();
        for (Table t : tables) TokenCounter.count(CreateTableRenderer.render(t));
        long t3 = System.nanoTime();
        System.out.printf("lucene build %d ms, tokens cold %d ms, tokens warm %d ms%n", (t1-t0)/1000000, (t2-t1)/1000000, (t3-t2)/1000000);
        ForeignKeyGraph g = ForeignKeyGraph.of(tables);
        String packet = String.join("\n\n", tables.subList(0, 12).stream().map(CreateTableRenderer::render).toList());
        for (int round = 0; round < 3; round++) {
            long a = System.nanoTime();
            for (int i = 0; i < 200; i++) lex.search("open ledger amounts by vendor " + i, Set.of(), 20, 1.5, 0.75);
            long b = System.nanoTime();
            for (int i = 0; i < 200; i++) TokenCounter.count(packet + i);
            long c = System.nanoTime();
            for (int i = 0; i < 200; i++) Bridges.connect(tables.subList(i, i + 12).stream().map(Table::name).toList(), g, x -> true, 3);
            long d = System.nanoTime();
            System.out.printf("lexical %.2f ms, tokens(packet %d chars) %.2f ms, bridges %.2f ms%n", (b-a)/2e8, packet.length(), (c-b)/2e8, (d-c)/2e8);
        }
    }
}
