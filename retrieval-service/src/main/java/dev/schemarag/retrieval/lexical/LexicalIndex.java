package dev.schemarag.retrieval.lexical;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * BM25 over one database's table texts, column texts and doc chunks, held in memory and built once per catalog
 * version. Each document points at its table, so hits rank tables by their best-matching document.
 * The reader lives on the heap only ({@link ByteBuffersDirectory}), so an index dropped from the cache needs no closing.
 */
public final class LexicalIndex {
    private static final String TEXT = "text";
    private static final String SCHEMA = "schema";
    private static final String TABLE_ORDINAL = "table";
    private static final int MAX_QUERY_TERMS = 256;
    private static final IdentifierAnalyzer DOCUMENTS = IdentifierAnalyzer.forDocuments();
    private static final IdentifierAnalyzer QUESTIONS = IdentifierAnalyzer.forQuestions();

    private final DirectoryReader reader;
    /** The table of each document by docID, read once so a search maps hits without touching stored fields. */
    private final TableName[] tableOfDoc;

    private LexicalIndex(DirectoryReader reader, TableName[] tableOfDoc) {
        this.reader = reader;
        this.tableOfDoc = tableOfDoc;
    }

    public static LexicalIndex build(IndexedDatabase database) {
        List<TableName> tables = new ArrayList<>();
        Map<TableName, Integer> ordinals = new LinkedHashMap<>();
        ByteBuffersDirectory directory = new ByteBuffersDirectory();
        // Written once, never updated: flush in large segments and skip merging and compound files.
        IndexWriterConfig config = new IndexWriterConfig(DOCUMENTS)
                .setRAMBufferSizeMB(64)
                .setUseCompoundFile(false)
                .setMergePolicy(NoMergePolicy.INSTANCE);
        try (IndexWriter writer = new IndexWriter(directory, config)) {
            for (IndexedTable table : database.tables()) {
                TableName name = table.definition().name();
                int ordinal = tables.size();
                ordinals.put(name, ordinal);
                tables.add(name);
                writer.addDocument(document(name, ordinal, name + " " + table.text()));
                for (IndexedColumn column : table.columns()) {
                    writer.addDocument(
                            document(name, ordinal, name.table() + " " + column.name() + " " + column.text()));
                }
            }
            for (DocChunk chunk : database.docs()) {
                Integer ordinal = ordinals.get(chunk.table());
                if (ordinal != null) writer.addDocument(document(chunk.table(), ordinal, chunk.content()));
            }
            writer.commit();
            DirectoryReader reader = DirectoryReader.open(directory);
            return new LexicalIndex(reader, tableOfDoc(reader, tables));
        } catch (IOException e) {
            throw new UncheckedIOException("building the in-memory lexical index of " + database.databaseId(), e);
        }
    }

    /**
     * Tables whose documents best match the text by BM25, best first, at most {@code topTables};
     * {@code schemas} restricts them (empty = all).
     */
    public List<LexicalHit> search(String text, Set<String> schemas, int topTables, double k1, double b) {
        BooleanQuery.Builder terms = new BooleanQuery.Builder();
        QUESTIONS.terms(text).stream()
                .limit(MAX_QUERY_TERMS)
                .forEach(term -> terms.add(new TermQuery(new Term(TEXT, term)), BooleanClause.Occur.SHOULD));
        BooleanQuery termQuery = terms.build();
        if (termQuery.clauses().isEmpty()) return List.of();
        BooleanQuery.Builder query = new BooleanQuery.Builder().add(termQuery, BooleanClause.Occur.MUST);
        if (!schemas.isEmpty()) {
            query.add(
                    new TermInSetQuery(
                            SCHEMA, schemas.stream().map(BytesRef::new).toList()),
                    BooleanClause.Occur.FILTER);
        }

        IndexSearcher searcher = new IndexSearcher(reader);
        searcher.setSimilarity(new BM25Similarity((float) k1, (float) b));
        try {
            ScoreDoc[] docs = searcher.search(query.build(), Math.max(64, topTables * 8)).scoreDocs;
            Map<TableName, LexicalHit> best = new LinkedHashMap<>();
            for (ScoreDoc doc : docs) {
                TableName table = tableOfDoc[doc.doc];
                best.putIfAbsent(table, new LexicalHit(table, doc.score));
                if (best.size() == topTables) break;
            }
            return List.copyOf(best.values());
        } catch (IOException e) {
            throw new UncheckedIOException("searching the in-memory lexical index", e);
        }
    }

    private static TableName[] tableOfDoc(DirectoryReader reader, List<TableName> tables) throws IOException {
        TableName[] byDoc = new TableName[reader.maxDoc()];
        for (LeafReaderContext leaf : reader.leaves()) {
            NumericDocValues ordinals = DocValues.getNumeric(leaf.reader(), TABLE_ORDINAL);
            for (int doc = ordinals.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = ordinals.nextDoc()) {
                byDoc[leaf.docBase + doc] = tables.get((int) ordinals.longValue());
            }
        }
        return byDoc;
    }

    private static Document document(TableName table, int ordinal, String text) {
        Document document = new Document();
        document.add(new StringField(SCHEMA, table.schema(), Field.Store.NO));
        document.add(new NumericDocValuesField(TABLE_ORDINAL, ordinal));
        document.add(new TextField(TEXT, text == null ? "" : text, Field.Store.NO));
        return document;
    }
}
