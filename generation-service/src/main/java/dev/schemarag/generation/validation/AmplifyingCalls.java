package dev.schemarag.generation.validation;

import java.math.BigInteger;
import java.util.ArrayList;
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
 */
final class AmplifyingCalls {

    static final int MAX_SIZE = 1_000;
    static final int MAX_LITERAL_CHARS = 1_000;
    static final int MAX_SERIES_ROWS = 100_000;

    /** 0-based position of the argument that sets the result size. */
    private static final Map<String, Integer> SIZE_ARGUMENT = Map.of("repeat", 1, "lpad", 1, "rpad", 1, "factorial", 0);
    private static final Set<String> PADDED_TYPES = Set.of("char", "character", "bpchar", "nchar", "bit");

    private AmplifyingCalls() {
    }

    static Optional<String> violation(SqlTokens tokens) {
        for (int i = 0; i + 1 < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (!token.isIdentifier() || !tokens.symbolAt(i + 1, "(")) continue;
            String name = token.identifier();
            Optional<String> violation = PostgresFunctions.isAmplifier(name) ? callViolation(tokens, i, name)
                    : token.isWordIn(PADDED_TYPES) ? typeModifierViolation(tokens, i, name) : Optional.empty();
            if (violation.isPresent()) return violation;
        }
        return Optional.empty();
    }

    private static Optional<String> callViolation(SqlTokens tokens, int nameIndex, String name) {
        int close = tokens.closingParen(nameIndex + 1);
        if (close < 0) return Optional.of("function " + name + " is not closed");
        List<List<SqlToken>> arguments = arguments(tokens, nameIndex + 1, close);
        for (int i = nameIndex + 2; i < close; i++) {
            SqlToken inner = tokens.get(i);
            if (inner.isIdentifier() && tokens.symbolAt(i + 1, "(") && PostgresFunctions.isAmplifier(inner.identifier())) {
                return Optional.of("function " + inner.identifier() + " inside " + name + " is not allowed");
            }
            if (inner.kind() == SqlToken.Kind.STRING && inner.text().length() > MAX_LITERAL_CHARS) {
                return Optional.of("a text literal longer than " + MAX_LITERAL_CHARS + " characters in " + name
                        + " is not allowed");
            }
        }
        Integer sizeArgument = SIZE_ARGUMENT.get(name);
        if (sizeArgument != null) {
            Optional<BigInteger> size = sizeArgument < arguments.size() ? integer(arguments.get(sizeArgument)) : Optional.empty();
            if (size.isEmpty() || size.get().compareTo(BigInteger.valueOf(MAX_SIZE)) > 0) {
                return Optional.of("function " + name + " needs an integer literal of at most " + MAX_SIZE
                        + " as its size argument");
            }
        }
        if (name.equals("generate_series") && !smallSeries(arguments)) {
            return Optional.of("generate_series needs integer literal bounds spanning at most " + MAX_SERIES_ROWS + " rows");
        }
        return Optional.empty();
    }

    private static boolean smallSeries(List<List<SqlToken>> arguments) {
        if (arguments.size() < 2 || arguments.size() > 3) return false;
        List<Optional<BigInteger>> values = arguments.stream().map(AmplifyingCalls::integer).toList();
        if (values.stream().anyMatch(Optional::isEmpty)) return false;
        BigInteger step = values.size() == 3 ? values.get(2).get().abs() : BigInteger.ONE;
        if (step.signum() == 0) return false;
        BigInteger rows = values.get(1).get().subtract(values.get(0).get()).abs().divide(step);
        return rows.compareTo(BigInteger.valueOf(MAX_SERIES_ROWS)) < 0;
    }

    private static Optional<String> typeModifierViolation(SqlTokens tokens, int nameIndex, String name) {
        int close = tokens.closingParen(nameIndex + 1);
        if (close < 0) return Optional.empty();
        Optional<BigInteger> length = integer(arguments(tokens, nameIndex + 1, close).get(0));
        if (length.isPresent() && length.get().compareTo(BigInteger.valueOf(MAX_SIZE)) <= 0) return Optional.empty();
        return Optional.of("type " + name + "(n) needs an integer literal n of at most " + MAX_SIZE);
    }

    /** The tokens of each top-level argument between the parentheses at {@code open} and {@code close}. */
    private static List<List<SqlToken>> arguments(SqlTokens tokens, int open, int close) {
        List<List<SqlToken>> arguments = new ArrayList<>();
        List<SqlToken> current = new ArrayList<>();
        int depth = 0;
        for (int i = open + 1; i < close; i++) {
            SqlToken token = tokens.get(i);
            if (token.isSymbol("(") || token.isSymbol("[")) depth++;
            if (token.isSymbol(")") || token.isSymbol("]")) depth--;
            if (depth == 0 && token.isSymbol(",")) {
                arguments.add(current);
                current = new ArrayList<>();
            } else {
                current.add(token);
            }
        }
        arguments.add(current);
        return arguments;
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
