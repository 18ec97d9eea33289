package dev.schemarag.retrieval.lexical;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.KStemFilter;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.util.CharTokenizer;

/**
 * Tokenizes schema texts and questions alike: identifiers are split at underscores and case changes while the
 * whole identifier is kept too ({@code employee_id} → {@code employee_id, employee, id}), everything is case-folded,
 * English stop words are dropped and inflections reduced by the light KStem stemmer ({@code employees} → {@code employee}).
 */
public final class IdentifierAnalyzer extends Analyzer {

    /** Words a question is phrased with that say nothing about the schema. */
    public static final CharArraySet QUESTION_STOP_WORDS = questionStopWords();

    /**
     * Words that name what a query does with the data (count, average, sort, compare) rather than something a
     * database holds: a column may be called {@code number} or {@code average}, but a question's "the number of" says
     * nothing of where its data is.
     */
    public static final CharArraySet OPERATION_WORDS = operationWords();

    private static final int SPLIT_IDENTIFIERS = WordDelimiterGraphFilter.GENERATE_WORD_PARTS
            | WordDelimiterGraphFilter.GENERATE_NUMBER_PARTS
            | WordDelimiterGraphFilter.SPLIT_ON_CASE_CHANGE
            | WordDelimiterGraphFilter.PRESERVE_ORIGINAL;

    private final CharArraySet stopWords;

    private IdentifierAnalyzer(CharArraySet stopWords) {
        this.stopWords = stopWords;
    }

    /** For indexed texts: drops only English stop words. */
    public static IdentifierAnalyzer forDocuments() {
        return new IdentifierAnalyzer(EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
    }

    /** For questions: also drops question phrasing ("how many", "show me"). */
    public static IdentifierAnalyzer forQuestions() {
        return new IdentifierAnalyzer(QUESTION_STOP_WORDS);
    }

    /** For routing a question: also drops the words of what a query does ({@link #OPERATION_WORDS}). */
    public static IdentifierAnalyzer forRouting() {
        CharArraySet words = new CharArraySet(QUESTION_STOP_WORDS, true);
        words.addAll(OPERATION_WORDS);
        return new IdentifierAnalyzer(CharArraySet.unmodifiableSet(words));
    }

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer tokenizer = CharTokenizer.fromTokenCharPredicate(c -> Character.isLetterOrDigit(c) || c == '_');
        TokenStream stream = new WordDelimiterGraphFilter(tokenizer, SPLIT_IDENTIFIERS, null);
        stream = new FlattenGraphFilter(stream);
        stream = new LowerCaseFilter(stream);
        stream = new StopFilter(stream, stopWords);
        stream = new KStemFilter(stream);
        return new TokenStreamComponents(tokenizer, stream);
    }

    /** The distinct terms of a text, in order of first appearance. */
    public Set<String> terms(String text) {
        Set<String> terms = new LinkedHashSet<>();
        try (TokenStream stream = tokenStream("text", text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken()) terms.add(term.toString());
            stream.end();
        } catch (IOException e) {
            throw new UncheckedIOException("analyzing an in-memory string cannot fail", e);
        }
        return terms;
    }

    private static CharArraySet questionStopWords() {
        CharArraySet words = new CharArraySet(EnglishAnalyzer.ENGLISH_STOP_WORDS_SET, true);
        words.addAll(List.of(
                "what", "which", "who", "whom", "whose", "when", "where", "why", "how", "many", "much", "show", "list",
                "give", "tell", "find", "get", "me", "us", "i", "we", "you", "please", "do", "does", "did", "can",
                "could", "would", "should", "have", "has", "had", "from", "all", "each", "every", "there", "our", "my",
                "about", "them", "those", "its", "were", "been", "any", "some"));
        return CharArraySet.unmodifiableSet(words);
    }

    private static CharArraySet operationWords() {
        return CharArraySet.unmodifiableSet(new CharArraySet(
                List.of(
                        "number",
                        "numbers",
                        "count",
                        "counts",
                        "total",
                        "totals",
                        "sum",
                        "average",
                        "averages",
                        "avg",
                        "mean",
                        "most",
                        "least",
                        "max",
                        "maximum",
                        "min",
                        "minimum",
                        "highest",
                        "lowest",
                        "largest",
                        "smallest",
                        "greatest",
                        "fewest",
                        "more",
                        "less",
                        "fewer",
                        "top",
                        "bottom",
                        "return",
                        "different",
                        "distinct",
                        "order",
                        "ordered",
                        "sort",
                        "sorted",
                        "descending",
                        "ascending"),
                true));
    }
}
