package dev.schemarag.retrieval.graph;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Join edges a catalog does not declare, inferred from the catalog alone: column names, types, keys and comments.
 * Data is never read. Many databases declare no foreign keys (warehouses, MyISAM, tables loaded from files), and FK
 * expansion, bridges and join hints need a graph all the same.
 *
 * <p>A column may point at another table of its own schema whose single-column primary key (or single-column unique
 * key, at a discount) has a compatible type. The rules, strongest first:
 *
 * <ul>
 *   <li>{@link #TABLE_AND_KEY}: the table's name and its key: {@code customer_id -> customers.id}, {@code countrycode
 *       -> country.code}, {@code id_customer -> customer.id};
 *   <li>{@link #SHARED_KEY}: the target key's own name, when that name is id-like ({@code building_id}, {@code
 *       isbn_code}); more when its stem names the target ({@code singer_id -> singer.singer_id});
 *   <li>{@link #ROLE_AND_KEY}: a role before the target key's id-like name: {@code home_team_id -> teams.team_id};
 *   <li>{@link #COMMENT_NAMES_TABLE}: an id-like column whose comment names the target table;
 *   <li>{@link #NAMED_LIKE_TABLE}: a column named like the target table, whose key is an id: {@code maker ->
 *       car_makers.id}.
 * </ul>
 *
 * A name shared with a non-id-like key ({@code name}, {@code email}: unique natural keys) is no evidence, nor is a
 * generic name alone ({@code id}, {@code code}). A column whose best rule points at two tables is ambiguous and left
 * out; so are columns of a declared key and pairs of tables a declared key already joins. When two tables share
 * their key column, the edge runs from the table the name does not name to the one it names.
 */
public final class RelationshipInference {
    static final double TABLE_AND_KEY = 0.9;
    static final double SHARED_KEY = 0.8;
    static final double SHARED_KEY_NAMING_TABLE = 0.9;
    static final double ROLE_AND_KEY = 0.7;
    static final double COMMENT_NAMES_TABLE = 0.7;
    static final double NAMED_LIKE_TABLE = 0.65;
    /** A table named by its last word only ({@code team} for {@code league_teams}) is weaker evidence. */
    static final double LAST_WORD_DISCOUNT = 0.1;
    /** A unique key is a weaker target than the primary key. */
    static final double UNIQUE_KEY_FACTOR = 0.9;

    private static final Set<String> GENERIC =
            Set.of("id", "code", "key", "no", "num", "nbr", "number", "name", "type", "uuid", "guid", "ref", "value");
    private static final List<String> ID_SUFFIXES = List.of("id", "code", "key", "no", "num", "nbr", "number", "ref");

    private RelationshipInference() {}

    /** The inferred edges of the given catalog, in catalog order. */
    public static List<ForeignKeyEdge> infer(Collection<Table> tables) {
        Map<String, List<Table>> bySchema = new LinkedHashMap<>();
        tables.forEach(t -> bySchema.computeIfAbsent(t.name().schema(), s -> new ArrayList<>())
                .add(t));
        List<ForeignKeyEdge> edges = new ArrayList<>();
        bySchema.values().forEach(schema -> edges.addAll(inferWithin(schema)));
        return edges;
    }

    private static List<ForeignKeyEdge> inferWithin(List<Table> tables) {
        List<Target> targets = new ArrayList<>();
        for (Table table : tables) {
            if (table.primaryKey().size() == 1)
                targets.add(new Target(table, table.primaryKey().get(0), 1.0));
            for (List<String> unique : table.uniqueConstraints()) {
                if (unique.size() == 1 && !table.isPrimaryKey(unique.get(0)))
                    targets.add(new Target(table, unique.get(0), UNIQUE_KEY_FACTOR));
            }
        }
        Set<Set<TableName>> declaredPairs = new HashSet<>();
        for (Table table : tables) {
            for (ForeignKey fk : table.foreignKeys()) declaredPairs.add(Set.of(table.name(), fk.referencedTable()));
        }
        Map<List<Object>, ForeignKeyEdge> edges = new LinkedHashMap<>();
        for (Table table : tables) {
            for (Column column : table.columns()) {
                if (table.foreignKeyOf(column.name()).isPresent()) continue;
                best(table, column, targets, declaredPairs).ifPresent(edge -> keepStronger(edges, edge));
            }
        }
        return List.copyOf(edges.values());
    }

    /**
     * Two tables sharing their key column infer an edge each way; only one is a parent. The stronger edge stays; on a
     * tie, the one to the table with the shorter name (the base table, usually: {@code singer} over {@code
     * singer_details}).
     */
    private static void keepStronger(Map<List<Object>, ForeignKeyEdge> edges, ForeignKeyEdge edge) {
        List<Object> reverse = List.of(edge.to(), edge.toColumns(), edge.from(), edge.fromColumns());
        ForeignKeyEdge other = edges.get(reverse);
        if (other != null) {
            boolean stronger = edge.confidence() > other.confidence()
                    || (edge.confidence() == other.confidence()
                            && edge.to().table().length() < other.to().table().length());
            if (!stronger) return;
            edges.remove(reverse);
        }
        edges.put(List.of(edge.from(), edge.fromColumns(), edge.to(), edge.toColumns()), edge);
    }

    private static Optional<ForeignKeyEdge> best(
            Table table, Column column, List<Target> targets, Set<Set<TableName>> declaredPairs) {
        double bestConfidence = 0;
        List<Target> bestTargets = new ArrayList<>();
        for (Target target : targets) {
            if (target.table().name().equals(table.name())) continue;
            if (declaredPairs.contains(Set.of(table.name(), target.table().name()))) continue;
            Column key = target.table().column(target.column()).orElse(null);
            if (key == null || !TypeFamily.compatible(column.dataType(), key.dataType())) continue;
            double confidence = confidence(column, target) * target.factor();
            if (confidence <= 0) continue;
            if (confidence > bestConfidence) {
                bestConfidence = confidence;
                bestTargets.clear();
            }
            if (confidence == bestConfidence
                    && bestTargets.stream()
                            .noneMatch(
                                    t -> t.table().name().equals(target.table().name()))) bestTargets.add(target);
        }
        if (bestTargets.size() != 1) return Optional.empty();
        Target target = bestTargets.get(0);
        return Optional.of(new ForeignKeyEdge(
                table.name(),
                List.of(column.name()),
                target.table().name(),
                List.of(target.column()),
                EdgeSource.INFERRED,
                Math.round(bestConfidence * 100) / 100.0));
    }

    /** The strongest rule the column satisfies for the target key, 0 when none. */
    static double confidence(Column column, Target target) {
        String name = compact(column.name());
        String key = target.key();
        String sepName = column.name().toLowerCase(Locale.ROOT);
        String sepKey = target.column().toLowerCase(Locale.ROOT);
        Naming table = target.naming();
        double best = 0;
        // customer_id -> customers.id, countrycode -> country.code, id_customer -> customer.id
        if (name.length() > key.length()) {
            String before = name.endsWith(key) ? name.substring(0, name.length() - key.length()) : null;
            String after = name.startsWith(key) ? name.substring(key.length()) : null;
            for (String stem : new String[] {before, after}) {
                if (stem != null) best = Math.max(best, TABLE_AND_KEY - discount(table.names(stem)));
            }
        }
        String keyStem = target.keyStem();
        if (name.equals(key) && !GENERIC.contains(key) && keyStem != null) {
            int naming = table.names(keyStem);
            best = Math.max(best, naming == Naming.NONE ? SHARED_KEY : SHARED_KEY_NAMING_TABLE - discount(naming));
        }
        // home_team_id -> teams.team_id: a role in front of the target's own id-like key name
        if (keyStem != null
                && !GENERIC.contains(key)
                && sepName.endsWith("_" + sepKey)
                && table.names(keyStem) != Naming.NONE) best = Math.max(best, ROLE_AND_KEY);
        if (idStem(sepName) != null && column.hasComment() && table.mentionedIn(column.comment()))
            best = Math.max(best, COMMENT_NAMES_TABLE);
        if (idStem(sepName) == null && (GENERIC.contains(key) || keyStem != null) && table.names(name) != Naming.NONE)
            best = Math.max(best, NAMED_LIKE_TABLE);
        return best;
    }

    private static double discount(int naming) {
        return switch (naming) {
            case Naming.FULL -> 0;
            case Naming.LAST_WORD -> LAST_WORD_DISCOUNT;
            default -> 1;
        };
    }

    /**
     * What an id-like name identifies ({@code singer} for {@code singer_id} or {@code singerid}, {@code country} for
     * {@code country_code}), or null when the name is not id-like. A bare suffix ({@code id}) has an empty stem.
     */
    static String idStem(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (String suffix : ID_SUFFIXES) {
            if (lower.endsWith("_" + suffix)) return compact(lower.substring(0, lower.length() - suffix.length() - 1));
            // Glued suffixes only where they cannot end an ordinary word: singerid, countrycode, but not "valid".
            if ((suffix.equals("id") || suffix.equals("code") || suffix.equals("key"))
                    && lower.endsWith(suffix)
                    && lower.length() > suffix.length()
                    && !lower.endsWith("valid")
                    && !lower.endsWith("void")
                    && !lower.endsWith("paid")
                    && !lower.endsWith("said")) return compact(lower.substring(0, lower.length() - suffix.length()));
            if (lower.equals(suffix)) return "";
        }
        return null;
    }

    /** Lower case, letters and digits only: {@code Customer_ID} and {@code customerid} compare equal. */
    static String compact(String identifier) {
        StringBuilder out = new StringBuilder(identifier.length());
        for (int i = 0; i < identifier.length(); i++) {
            char c = Character.toLowerCase(identifier.charAt(i));
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) out.append(c);
        }
        return out.toString();
    }

    /** A table's single-column key, {@code factor} below 1 for a unique key that is not the primary key. */
    record Target(Table table, String column, double factor, Naming naming, String key, String keyStem) {
        Target(Table table, String column, double factor) {
            this(table, column, factor, Naming.of(table.name()), compact(column), idStem(column));
        }
    }

    /** Whether a word names a table: its whole name or its last word, singular or plural. */
    record Naming(String full, String lastWord) {
        static final int NONE = 0;
        static final int LAST_WORD = 1;
        static final int FULL = 2;

        static Naming of(TableName table) {
            String lower = table.table().toLowerCase(Locale.ROOT);
            int lastWord = lower.lastIndexOf('_');
            return new Naming(
                    singular(compact(lower)), lastWord > 0 ? singular(compact(lower.substring(lastWord + 1))) : null);
        }

        int names(String word) {
            String w = singular(compact(word));
            if (w.length() < 2) return NONE;
            if (w.equals(full)) return FULL;
            if (lastWord != null && w.length() >= 3 && w.equals(lastWord)) return LAST_WORD;
            return NONE;
        }

        /** Whether a comment names the table, as one word or two ({@code sales order} for {@code sales_orders}). */
        boolean mentionedIn(String comment) {
            String[] words = comment.toLowerCase(Locale.ROOT).split("[^a-z0-9_.]+");
            for (int i = 0; i < words.length; i++) {
                String word = words[i].substring(words[i].lastIndexOf('.') + 1);
                if (!word.isEmpty() && singular(compact(word)).equals(full)) return true;
                if (i + 1 < words.length
                        && singular(compact(word + words[i + 1])).equals(full)) return true;
            }
            return false;
        }

        static String singular(String word) {
            if (word.endsWith("ies") && word.length() > 4) return word.substring(0, word.length() - 3) + "y";
            if (word.endsWith("sses") || word.endsWith("xes") || word.endsWith("ches") || word.endsWith("shes"))
                return word.substring(0, word.length() - 2);
            if (word.endsWith("s") && !word.endsWith("ss") && word.length() > 3)
                return word.substring(0, word.length() - 1);
            return word;
        }
    }

    /** Whether two column types can hold the same key values: integers and numerics, strings, uuids, dates. */
    static final class TypeFamily {
        private TypeFamily() {}

        static boolean compatible(String a, String b) {
            String fa = family(a);
            return fa != null && fa.equals(family(b));
        }

        private static String family(String type) {
            String t = type.toLowerCase(Locale.ROOT).trim();
            if (t.matches("(small|big)?int(eger|[248])?|(small|big)?serial[248]?|numeric.*|decimal.*|number.*"))
                return "number";
            if (t.matches("text|citext|name|(character varying|varchar|character|char|bpchar).*")) return "string";
            if (t.equals("uuid")) return "uuid";
            if (t.startsWith("date") || t.startsWith("timestamp")) return "time";
            return null;
        }
    }
}
