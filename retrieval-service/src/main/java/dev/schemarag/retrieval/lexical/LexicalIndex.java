package dev.schemarag.retrieval.lexical;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
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
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
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
 * BM25 over one database's table texts, column texts and doc chunks, held in memory. Each document points at its
 * table, so hits rank tables by their best-matching document. The documents are split by table into a fixed number of
 * shards, each its own small index, searched together: a catalog change rebuilds only the shards of the changed tables
 * ({@link #withChanges}), and since no document is ever deleted, the collection statistics BM25 scores with are the
 * same as a build of the whole new catalog. Immutable; the readers live on the heap only ({@link ByteBuffersDirectory}),
 * so an index dropped from the cache needs no closing.
 */
public final class LexicalIndex {
    private static final String TEXT = "text";
    private static final String SCHEMA = "schema";
    private static final String TABLE_ORDINAL = "table";
    private static final int MAX_QUERY_TERMS = 256;
    /** Few enough that a search over all of them costs little more than over one index; a change rebuilds ~1/16. */
    static final int SHARDS = 16;

    private static final IdentifierAnalyzer DOCUMENTS = IdentifierAnalyzer.forDocuments();
    private static final IdentifierAnalyzer QUESTIONS = IdentifierAnalyzer.forQuestions();
    private static final IdentifierAnalyzer ROUTED_QUESTIONS = IdentifierAnalyzer.forRouting();

    private final Shard[] shards;
    private final IndexReader reader;
    /** The first docID of each shard in {@link #reader}, in shard order. */
    private final int[] shardStarts;
    /** Computed on the first {@link #tablesHolding}: only routing asks, and not of every version. */
    private volatile CompoundTerms compounds;
    /** The searcher of the BM25 parameters last asked for: settings, so the same question after question. */
    private volatile Bm25Searcher searcher;

    private LexicalIndex(Shard[] shards) {
        this.shards = shards;
        try {
            this.reader =
                    new MultiReader(Arrays.stream(shards).map(Shard::reader).toArray(IndexReader[]::new), false);
        } catch (IOException e) {
            throw new UncheckedIOException("combining the lexical index shards", e);
        }
        this.shardStarts = new int[shards.length];
        int start = 0;
        for (int i = 0; i < shards.length; i++) {
            shardStarts[i] = start;
            start += shards[i].reader().maxDoc();
        }
    }

    public static LexicalIndex build(IndexedDatabase database) {
        Map<Integer, List<IndexedTable>> byShard = tablesByShard(database.tables());
        Map<TableName, List<DocChunk>> docs = docsByTable(database.docs());
        Shard[] shards = new Shard[SHARDS];
        for (int i = 0; i < SHARDS; i++)
            shards[i] = Shard.build(database.databaseId(), byShard.getOrDefault(i, List.of()), docs);
        return new LexicalIndex(shards);
    }

    /**
     * This index for the new catalog, {@code database}, which differs from the one it was built from in the
     * {@code changed} tables only: their shards are rebuilt, the others shared.
     */
    public LexicalIndex withChanges(IndexedDatabase database, Set<TableName> changed) {
        Set<Integer> stale = new HashSet<>();
        changed.forEach(t -> stale.add(shardOf(t)));
        if (stale.isEmpty()) return this;
        Map<Integer, List<IndexedTable>> byShard = tablesByShard(database.tables());
        Map<TableName, List<DocChunk>> docs = docsByTable(database.docs());
        Shard[] next = shards.clone();
        for (int i : stale) next[i] = Shard.build(database.databaseId(), byShard.getOrDefault(i, List.of()), docs);
        return new LexicalIndex(next);
    }

    private static int shardOf(TableName table) {
        // String's hash is specified, so a table lands in the same shard on every build and every JVM.
        return Math.floorMod(table.toString().hashCode(), SHARDS);
    }

    private static Map<Integer, List<IndexedTable>> tablesByShard(List<IndexedTable> tables) {
        Map<Integer, List<IndexedTable>> byShard = new HashMap<>();
        for (IndexedTable table : tables)
            byShard.computeIfAbsent(shardOf(table.definition().name()), s -> new ArrayList<>())
                    .add(table);
        return byShard;
    }

    private static Map<TableName, List<DocChunk>> docsByTable(List<DocChunk> docs) {
        Map<TableName, List<DocChunk>> byTable = new HashMap<>();
        for (DocChunk doc : docs)
            byTable.computeIfAbsent(doc.table(), t -> new ArrayList<>()).add(doc);
        return byTable;
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

        try {
            ScoreDoc[] docs = searcher(k1, b).search(query.build(), Math.max(64, topTables * 8)).scoreDocs;
            Map<TableName, LexicalHit> best = new LinkedHashMap<>();
            for (ScoreDoc doc : docs) {
                int shard = ReaderUtil.subIndex(doc.doc, shardStarts);
                TableName table = shards[shard].tableOfDoc()[doc.doc - shardStarts[shard]];
                best.putIfAbsent(table, new LexicalHit(table, doc.score));
                if (best.size() == topTables) break;
            }
            return List.copyOf(best.values());
        } catch (IOException e) {
            throw new UncheckedIOException("searching the in-memory lexical index", e);
        }
    }

    /**
     * The question's words ({@link IdentifierAnalyzer#forRouting}) that some table of {@code schemas} (empty = all)
     * holds in its own text, a column's or a doc chunk's, each with those tables: what routing weighs a database's
     * vocabulary by. A word is held alone, as part of a compound of the index ({@link CompoundTerms}: "airport" in
     * {@code airportcode}), or run together with the words next to it in the question as an identifier writes them
     * ("high schoolers" in {@code highschooler}, "head of state" in {@code headofstate}). Read from the postings, so a
     * role's view answers from what it may read only.
     */
    public Map<String, Set<TableName>> tablesHolding(String text, Set<String> schemas) {
        Map<String, Set<TableName>> holding = new LinkedHashMap<>();
        try {
            CompoundTerms compounds = compounds();
            for (String term : ROUTED_QUESTIONS.terms(text).stream()
                    .filter(LexicalIndex::isWord)
                    .limit(MAX_QUERY_TERMS)
                    .toList()) {
                Set<TableName> tables = holding.computeIfAbsent(term, t -> new HashSet<>());
                tables.addAll(tablesWith(term, schemas));
                for (String compound : compounds.containing(term)) tables.addAll(tablesWith(compound, schemas));
            }
            for (List<String> run : QuestionRuns.of(text)) {
                Set<TableName> tables = new HashSet<>();
                for (String joined : DOCUMENTS.terms(String.join("", run))) tables.addAll(tablesWith(joined, schemas));
                if (tables.isEmpty()) continue;
                for (String word : run)
                    for (String term : ROUTED_QUESTIONS.terms(word))
                        if (holding.containsKey(term)) holding.get(term).addAll(tables);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading the in-memory lexical index", e);
        }
        holding.values().removeIf(Set::isEmpty);
        return holding;
    }

    private Set<TableName> tablesWith(String term, Set<String> schemas) throws IOException {
        Set<TableName> tables = new HashSet<>();
        for (Shard shard : shards) shard.addTablesHolding(new BytesRef(term), schemas, tables);
        return tables;
    }

    /** Two characters or more, a letter among them: a number or a letter alone is a value, no word of a vocabulary. */
    private static boolean isWord(String term) {
        return term.length() > 1 && term.chars().anyMatch(Character::isLetter);
    }

    private CompoundTerms compounds() throws IOException {
        CompoundTerms known = compounds;
        if (known == null) {
            Set<String> terms = new HashSet<>();
            for (Shard shard : shards) shard.addTerms(terms);
            known = CompoundTerms.of(terms);
            compounds = known;
        }
        return known;
    }

    private IndexSearcher searcher(double k1, double b) {
        Bm25Searcher current = searcher;
        if (current == null || current.k1() != (float) k1 || current.b() != (float) b) {
            IndexSearcher made = new IndexSearcher(reader);
            made.setSimilarity(new BM25Similarity((float) k1, (float) b));
            // Each question's query is new and the shards are small: caching costs bookkeeping and saves nothing.
            made.setQueryCache(null);
            current = new Bm25Searcher((float) k1, (float) b, made);
            searcher = current;
        }
        return current.searcher();
    }

    /** A searcher of the whole index scoring with BM25 of these parameters; thread-safe, as Lucene's searchers are. */
    private record Bm25Searcher(float k1, float b, IndexSearcher searcher) {}

    /** The documents of some tables, in catalog order, with the table of each by docID. */
    private record Shard(DirectoryReader reader, TableName[] tableOfDoc) {
        static Shard build(String databaseId, List<IndexedTable> tables, Map<TableName, List<DocChunk>> docs) {
            List<TableName> names = new ArrayList<>();
            ByteBuffersDirectory directory = new ByteBuffersDirectory();
            // Written once, never updated: flush in large segments and skip merging and compound files.
            IndexWriterConfig config = new IndexWriterConfig(DOCUMENTS)
                    .setRAMBufferSizeMB(64)
                    .setUseCompoundFile(false)
                    .setMergePolicy(NoMergePolicy.INSTANCE);
            try (IndexWriter writer = new IndexWriter(directory, config)) {
                for (IndexedTable table : tables) {
                    TableName name = table.definition().name();
                    int ordinal = names.size();
                    names.add(name);
                    writer.addDocument(document(name, ordinal, name + " " + table.text()));
                    for (IndexedColumn column : table.columns()) {
                        writer.addDocument(
                                document(name, ordinal, name.table() + " " + column.name() + " " + column.text()));
                    }
                    for (DocChunk chunk : docs.getOrDefault(name, List.of()))
                        writer.addDocument(document(name, ordinal, chunk.content()));
                }
                writer.commit();
                DirectoryReader reader = DirectoryReader.open(directory);
                return new Shard(reader, LexicalIndex.tableOfDoc(reader, names));
            } catch (IOException e) {
                throw new UncheckedIOException("building the in-memory lexical index of " + databaseId, e);
            }
        }

        void addTerms(Set<String> terms) throws IOException {
            for (LeafReaderContext leaf : reader.leaves()) {
                Terms indexed = leaf.reader().terms(TEXT);
                if (indexed == null) continue;
                TermsEnum each = indexed.iterator();
                for (BytesRef term = each.next(); term != null; term = each.next()) terms.add(term.utf8ToString());
            }
        }

        /** Adds the tables of {@code schemas} (empty = all) whose documents hold the term. */
        void addTablesHolding(BytesRef term, Set<String> schemas, Set<TableName> tables) throws IOException {
            for (LeafReaderContext leaf : reader.leaves()) {
                Terms terms = leaf.reader().terms(TEXT);
                if (terms == null) continue;
                TermsEnum found = terms.iterator();
                if (!found.seekExact(term)) continue;
                PostingsEnum docs = found.postings(null, PostingsEnum.NONE);
                for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
                    TableName table = tableOfDoc[leaf.docBase + doc];
                    if (schemas.isEmpty() || schemas.contains(table.schema())) tables.add(table);
                }
            }
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
