package dev.schemarag.generation.validation;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Bounds the allowlisted functions whose output can dwarf their input ({@link PostgresFunctions#isAmplifier}). The
 * planner evaluates immutable calls on constants while planning, so even EXPLAIN of {@code repeat('x', 500000000)}
 * or {@code lpad('', 1000000000)} allocates that much on the target. Their size arguments must be small integer
 * literals, their text literals short, they must not nest inside each other, and blank-padded type modifiers
 * ({@code char(n)}, {@code bit(n)}) must be small too.
 * <p>
 * Each call bounded on its own is not enough: the planner pulls up derived tables and inlines CTEs before folding
 * constants, so calls stacked through columns ({@code repeat(b, 1000) FROM (SELECT repeat(a, 1000) b ...)}) or
 * chained with {@code ||} multiply, and {@code ||} alone doubles a column at every level it is referenced twice. So
 * the whole statement has one budget: the product of every amplifier's size factor and of 2 per {@code ||}, times the
 * longest text literal anywhere in the statement, must stay within {@link #MAX_STATEMENT_OUTPUT}.
 */
final class AmplifyingCalls {

    static final int MAX_SIZE = 1_000;
    static final int MAX_LITERAL_CHARS = 1_000;
    static final int MAX_SERIES_ROWS = 100_000;
    /** The most characters (or rows) all amplifiers of one statement may produce together, as estimated here. */
    static final int MAX_STATEMENT_OUTPUT = 1_000_000;

    /** 0-based position of the argument that sets the result size. */
    private static final Map<String, Integer> SIZE_ARGUMENT = Map.of("repeat", 1, "lpad", 1, "rpad", 1, "factorial", 0);

    /**
     * Blank-padded types, compared as PostgreSQL resolves the name before "(": quoted or schema-qualified
     * ({@code "bit"(n)}, {@code pg_catalog."bpchar"(n)}) they are the same types. A quoted {@code "char"} is the
     * server's one-byte type, which refuses a modifier, but it is bounded here all the same; {@code "BIT"} names no
     * type, and the allowlist refuses it as a call.
     */
    private static final Set<String> PADDED_TYPES = Set.of("char", "character", "bpchar", "nchar", "bit");

    private AmplifyingCalls() {}

    static Optional<String> violation(SqlTokens tokens) {
        BigInteger output = BigInteger.ONE;
        for (int i = 0; i + 1 < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (!token.isIdentifier() || !tokens.symbolAt(i + 1, "(")) continue;
            String name = token.identifier();
            boolean amplifier = PostgresFunctions.isAmplifier(name);
            boolean padded = !amplifier && PADDED_TYPES.contains(name);
            if (!amplifier && !padded) continue;
            Optional<String> violation =
                    amplifier ? callViolation(tokens, i, name) : typeModifierViolation(tokens, i, name);
            if (violation.isPresent()) return violation;
            output = output.multiply(factor(tokens, i, name));
        }
        output = output.shiftLeft(concatenations(tokens));
        if (output.equals(BigInteger.ONE)) return Optional.empty();
        output = output.multiply(BigInteger.valueOf(longestLiteral(tokens)));
        if (output.compareTo(BigInteger.valueOf(MAX_STATEMENT_OUTPUT)) <= 0) return Optional.empty();
        return Optional.of("size-amplifying calls (repeat, lpad, generate_series, ...) and || concatenations that"
                + " together could produce more than " + MAX_STATEMENT_OUTPUT + " characters or rows are not allowed");
    }

    /**
     * How many times the call or type at {@code nameIndex}, already checked, can multiply its input: its size
     * argument, its series' row count, its type length, or for the replacing functions their longest text literal.
     */
    private static BigInteger factor(SqlTokens tokens, int nameIndex, String name) {
        int close = tokens.closingParen(nameIndex + 1);
        if (close < 0) return BigInteger.ONE; // unbalanced: the parser refuses the statement
        List<List<SqlToken>> arguments = tokens.arguments(nameIndex + 1);
        Integer sizeArgument = SIZE_ARGUMENT.get(name);
        BigInteger factor;
        if (sizeArgument != null) {
            factor = integer(arguments.get(sizeArgument)).orElseThrow();
        } else if (name.equals("generate_series")) {
            factor = seriesRows(
                    arguments.stream().map(a -> integer(a).orElseThrow()).toList());
        } else if (PostgresFunctions.isAmplifier(name)) {
            factor = BigInteger.valueOf(arguments.stream()
                    .flatMap(List::stream)
                    .filter(t -> t.kind() == SqlToken.Kind.STRING)
                    .mapToInt(t -> t.text().length())
                    .max()
                    .orElse(1));
        } else {
            factor = integer(arguments.get(0)).orElseThrow();
        }
        return factor.max(BigInteger.ONE);
    }

    /**
     * The {@code ||} operators (text, array and jsonb concatenation, all folded on constants). Each may double what it
     * is given, and through pulled-up subqueries a column can meet itself again at every level ({@code v || v} over
     * {@code v || v} ...), so each counts as a factor of 2: sound, and loose enough for ordinary name-building chains.
     */
    private static int concatenations(SqlTokens tokens) {
        int count = 0;
        for (SqlToken token : tokens.tokens()) {
            if (token.kind() != SqlToken.Kind.SYMBOL) continue;
            for (int at = token.text().indexOf("||"); at >= 0; at = token.text().indexOf("||", at + 2)) count++;
        }
        return count;
    }

    private static int longestLiteral(SqlTokens tokens) {
        return tokens.tokens().stream()
                .filter(t -> t.kind() == SqlToken.Kind.STRING)
                .mapToInt(t -> t.text().length())
                .max()
                .orElse(1);
    }

    private static Optional<String> callViolation(SqlTokens tokens, int nameIndex, String name) {
        int close = tokens.closingParen(nameIndex + 1);
        if (close < 0) return Optional.of("function " + name + " is not closed");
        List<List<SqlToken>> arguments = tokens.arguments(nameIndex + 1);
        for (int i = nameIndex + 2; i < close; i++) {
            SqlToken inner = tokens.get(i);
            if (inner.isIdentifier()
                    && tokens.symbolAt(i + 1, "(")
                    && PostgresFunctions.isAmplifier(inner.identifier())) {
                return Optional.of("function " + inner.identifier() + " inside " + name + " is not allowed");
            }
            if (inner.kind() == SqlToken.Kind.STRING && inner.text().length() > MAX_LITERAL_CHARS) {
                return Optional.of("a text literal longer than " + MAX_LITERAL_CHARS + " characters in " + name
                        + " is not allowed");
            }
        }
        Integer sizeArgument = SIZE_ARGUMENT.get(name);
        if (sizeArgument != null) {
            Optional<BigInteger> size =
                    sizeArgument < arguments.size() ? integer(arguments.get(sizeArgument)) : Optional.empty();
            if (size.isEmpty() || size.get().compareTo(BigInteger.valueOf(MAX_SIZE)) > 0) {
                return Optional.of("function " + name + " needs an integer literal of at most " + MAX_SIZE
                        + " as its size argument");
            }
        }
        if (name.equals("generate_series") && !smallSeries(arguments)) {
            return Optional.of(
                    "generate_series needs integer literal bounds spanning at most " + MAX_SERIES_ROWS + " rows");
        }
        return Optional.empty();
    }

    private static boolean smallSeries(List<List<SqlToken>> arguments) {
        if (arguments.size() < 2 || arguments.size() > 3) return false;
        List<Optional<BigInteger>> values =
                arguments.stream().map(AmplifyingCalls::integer).toList();
        if (values.stream().anyMatch(Optional::isEmpty)) return false;
        List<BigInteger> bounds = values.stream().map(Optional::get).toList();
        if (bounds.size() == 3 && bounds.get(2).signum() == 0) return false;
        return seriesRows(bounds).compareTo(BigInteger.valueOf(MAX_SERIES_ROWS)) <= 0;
    }

    /** An upper bound of the rows of generate_series(start, stop[, step]) with a non-zero step. */
    private static BigInteger seriesRows(List<BigInteger> bounds) {
        BigInteger step = bounds.size() == 3 ? bounds.get(2).abs() : BigInteger.ONE;
        return bounds.get(1).subtract(bounds.get(0)).abs().divide(step).add(BigInteger.ONE);
    }

    private static Optional<String> typeModifierViolation(SqlTokens tokens, int nameIndex, String name) {
        int close = tokens.closingParen(nameIndex + 1);
        if (close < 0) return Optional.empty();
        Optional<BigInteger> length = integer(tokens.arguments(nameIndex + 1).get(0));
        if (length.isPresent() && length.get().compareTo(BigInteger.valueOf(MAX_SIZE)) <= 0) return Optional.empty();
        return Optional.of("type " + name + "(n) needs an integer literal n of at most " + MAX_SIZE);
    }

    /** The value of an argument written as a plain integer literal, optionally signed. */
    private static Optional<BigInteger> integer(List<SqlToken> argument) {
        boolean negative = argument.size() == 2 && argument.get(0).isSymbol("-");
        boolean signed = negative || argument.size() == 2 && argument.get(0).isSymbol("+");
        if (argument.size() != (signed ? 2 : 1)) return Optional.empty();
        SqlToken number = argument.get(signed ? 1 : 0);
        if (number.kind() != SqlToken.Kind.NUMBER || !number.text().chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        BigInteger value = new BigInteger(number.text());
        return Optional.of(negative ? value.negate() : value);
    }
}
