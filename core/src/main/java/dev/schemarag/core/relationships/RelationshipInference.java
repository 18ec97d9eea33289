package dev.schemarag.core.relationships;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

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
 *       car_makers.id};
 *   <li>{@link #ROLE_AND_TABLE}: a role before the target table's whole name, whose key is an id: {@code
 *       winning_pilot -> pilot.pilot_id}, {@code fk_owner_person -> person.id}, {@code sourceairport ->
 *       airports.airportcode};
 *   <li>{@link #ONLY_ENTITY}: an id-like column named after no table of the schema, when the schema has a single
 *       entity table: {@code winner_id -> players.player_id}. It takes precedence over a sibling sharing the name.
 * </ul>
 *
 * A name shared with a non-id-like key ({@code name}, {@code email}: unique natural keys) is no evidence, nor is a
 * generic name alone ({@code id}, {@code code}). A column whose best rule points at two tables is ambiguous and left
 * out; so are columns of a declared key and pairs of tables a declared key already joins. When two tables share
 * their key column, the edge runs from the table the name does not name to the one it names.
 */
public final class RelationshipInference {
    public static final double TABLE_AND_KEY = 0.9;
    public static final double SHARED_KEY = 0.8;
    public static final double SHARED_KEY_NAMING_TABLE = 0.9;
    public static final double ROLE_AND_KEY = 0.7;
    public static final double COMMENT_NAMES_TABLE = 0.6;
    public static final double NAMED_LIKE_TABLE = 0.65;
    /** Weakest: a role before a table's whole name ({@code winning_pilot}) is also how attributes are named. */
    public static final double ROLE_AND_TABLE = 0.5;
    /** An id named after no table, in a schema with one entity table: {@code liked_id -> highschooler.id}. */
    public static final double ONLY_ENTITY = 0.6;
    /** In a schema that declares foreign keys, only inferred edges this confident are kept. */
    static final double DECLARING_SCHEMA_MIN = 0.8;
    /** A table named by its last word only ({@code team} for {@code league_teams}) is weaker evidence. */
    static final double LAST_WORD_DISCOUNT = 0.1;
    /** A unique key is a weaker target than the primary key. */
    static final double UNIQUE_KEY_FACTOR = 0.9;
    /** A key only the table's own name implies, in a table that declares none, is as weak a target as a unique key. */
    static final double IMPLIED_KEY_FACTOR = 0.9;

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
        for (List<Table> schema : bySchema.values()) {
            boolean declares = schema.stream().anyMatch(t -> !t.foreignKeys().isEmpty());
            // A schema that declares its keys has said how it joins: inference only adds what it is sure of there.
            inferWithin(schema).stream()
                    .filter(e -> !declares || e.confidence() >= DECLARING_SCHEMA_MIN)
                    .forEach(edges::add);
        }
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
            impliedKey(table).ifPresent(key -> targets.add(new Target(table, key, IMPLIED_KEY_FACTOR)));
        }
        Set<Set<TableName>> declaredPairs = new HashSet<>();
        for (Table table : tables) {
            for (ForeignKey fk : table.foreignKeys()) declaredPairs.add(pair(table.name(), fk.referencedTable()));
        }
        Map<TableName, Integer> idLikeColumns = new HashMap<>();
        for (Table table : tables) {
            idLikeColumns.put(table.name(), (int) table.columns().stream()
                    .filter(c -> idStem(c.name()) != null)
                    .count());
        }
        List<Target> entities = targets.stream().filter(Target::entity).toList();
        Map<List<Object>, ForeignKeyEdge> edges = new LinkedHashMap<>();
        for (Table table : tables) {
            for (Column column : table.columns()) {
                if (table.foreignKeyOf(column.name()).isPresent()) continue;
                orphan(table, column, tables, entities, declaredPairs)
                        .or(() -> best(table, column, targets, declaredPairs))
                        .ifPresent(edge -> keepStronger(edges, edge, idLikeColumns));
            }
        }
        return List.copyOf(edges.values());
    }

    /**
     * The key a table that declares none names after itself: its only id-like column whose stem is the table's whole
     * name ({@code film_id} in {@code film}, {@code driver_id} in {@code drivers}; an id before a code or reference).
     * Tables loaded from files or
     * exported from a warehouse declare no key at all, yet name their identifier this way.
     */
    static Optional<String> impliedKey(Table table) {
        if (table.view()
                || !table.primaryKey().isEmpty()
                || !table.uniqueConstraints().isEmpty()) return Optional.empty();
        Naming naming = Naming.of(table.name());
        List<String> named = table.columns().stream()
                .map(Column::name)
                .filter(name -> {
                    String stem = idStem(name);
                    return stem != null && naming.names(stem) == Naming.FULL;
                })
                .toList();
        // driver_id over driver_ref: an id is the identifier, a code or reference its natural key.
        if (named.size() > 1)
            named = named.stream().filter(name -> compact(name).endsWith("id")).toList();
        return named.size() == 1 ? Optional.of(named.get(0)) : Optional.empty();
    }

    /**
     * Two tables sharing their key column infer an edge each way; only one is a parent. The stronger edge stays; on a
     * tie, the one from the table with more id-like columns (a link table refers to several others), then the one to
     * the table with the shorter name (the base table, usually: {@code singer} over {@code singer_details}).
     */
    private static void keepStronger(
            Map<List<Object>, ForeignKeyEdge> edges, ForeignKeyEdge edge, Map<TableName, Integer> idLikeColumns) {
        List<Object> reverse = List.of(edge.to(), edge.toColumns(), edge.from(), edge.fromColumns());
        ForeignKeyEdge other = edges.get(reverse);
        if (other != null) {
            int links = Integer.compare(idLikeColumns.get(edge.from()), idLikeColumns.get(other.from()));
            boolean stronger = edge.confidence() > other.confidence()
                    || (edge.confidence() == other.confidence()
                            && (links > 0
                                    || (links == 0
                                            && edge.to().table().length()
                                                    < other.to().table().length())));
            if (!stronger) return;
            edges.remove(reverse);
        }
        edges.put(List.of(edge.from(), edge.fromColumns(), edge.to(), edge.toColumns()), edge);
    }

    /**
     * An id column that no table of the schema could be named by ({@code liked_id} where no table is called, or
     * abbreviated, or ends in a word like, liked) in a schema with a single entity table (keyed by a generic {@code id}
     * or
     * by its own name's id): the column refers to that table, rather than to a sibling that merely shares the name.
     */
    private static Optional<ForeignKeyEdge> orphan(
            Table table, Column column, List<Table> tables, List<Target> entities, Set<Set<TableName>> declaredPairs) {
        String stem = idStem(column.name());
        if (stem == null || stem.isEmpty() || !compact(column.name()).endsWith("id")) return Optional.empty();
        for (Table other : tables) {
            if (Naming.couldName(stem, other.name())) return Optional.empty();
        }
        if (entities.size() != 1) return Optional.empty();
        Target entity = entities.get(0);
        if (entity.table().name().equals(table.name())) return Optional.empty();
        if (!entity.joinsType(TypeFamily.of(column.dataType()))
                || declaredPairs.contains(pair(table.name(), entity.table().name()))) return Optional.empty();
        return Optional.of(new ForeignKeyEdge(
                table.name(),
                List.of(column.name()),
                entity.table().name(),
                List.of(entity.column()),
                EdgeSource.INFERRED,
                ONLY_ENTITY));
    }

    private static Optional<ForeignKeyEdge> best(
            Table table, Column column, List<Target> targets, Set<Set<TableName>> declaredPairs) {
        String family = TypeFamily.of(column.dataType());
        if (family == null) return Optional.empty();
        ColumnName name = ColumnName.of(column);
        double bestConfidence = 0;
        List<Target> bestTargets = new ArrayList<>();
        for (Target target : targets) {
            if (!target.joinsType(family)) continue;
            boolean self = target.table().name().equals(table.name());
            if (self && column.name().equals(target.column())) continue;
            if (declaredPairs.contains(pair(table.name(), target.table().name()))) continue;
            double confidence = (self ? selfReference(name, target) : confidence(name, target)) * target.factor();
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
        // A comment that names the column's own table and another one ("the employee who handles the ticket") means
        // the other one.
        if (bestTargets.size() > 1) bestTargets.removeIf(t -> t.table().name().equals(table.name()));
        if (bestTargets.size() > 1) {
            // Several tables share the key: the one the referring table's own name names wins
            // (apartment_bookings.apt_id
            // -> apartments, not apartment_facilities).
            Set<String> words = Naming.words(table.name());
            bestTargets.removeIf(t -> !words.contains(t.naming().full()));
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

    /**
     * A reference to the column's own table needs a rule that cannot be mistaken for the table's own key: a role before
     * the key's name ({@code parent_department_id}) or a comment naming the table ({@code manager_id}, "another
     * employee"). Self-references join (join hints) but connect no tables.
     */
    static double selfReference(ColumnName column, Target target) {
        double best = 0;
        if (roleBeforeKey(column, target)) best = ROLE_AND_KEY;
        if (column.commentNames().contains(target.naming().full())) best = Math.max(best, COMMENT_NAMES_TABLE);
        return best;
    }

    private static boolean roleBeforeKey(ColumnName column, Target target) {
        return target.keyStem() != null
                && !GENERIC.contains(target.key())
                && column.lower().endsWith(target.underscoredKey())
                && target.naming().names(target.keyStem()) != Naming.NONE;
    }

    /**
     * The names an id-like column's comment could call a table by, spelled as {@link Naming#full} spells a table's:
     * each word (its qualifier before a dot dropped) and each pair of adjacent words ({@code sales order} for {@code
     * sales_orders}), singular. Empty for a column that is not id-like or has no comment. Worked out once per column,
     * so that each target costs a set lookup.
     */
    static Set<String> commentNames(Column column) {
        if (idStem(column.name()) == null || !column.hasComment()) return Set.of();
        String[] words = column.comment().toLowerCase(Locale.ROOT).split("[^a-z0-9_.]+");
        Set<String> names = new HashSet<>();
        for (int i = 0; i < words.length; i++) {
            String word = words[i].substring(words[i].lastIndexOf('.') + 1);
            if (!word.isEmpty()) names.add(Naming.singular(compact(word)));
            if (i + 1 < words.length) names.add(Naming.singular(compact(word + words[i + 1])));
        }
        return names;
    }

    /** The strongest rule the column satisfies for the target key, 0 when none. */
    static double confidence(ColumnName column, Target target) {
        String name = column.compact();
        String key = target.key();
        String sepKey = target.lowerColumn();
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
        if (roleBeforeKey(column, target)) best = Math.max(best, ROLE_AND_KEY);
        // state_name -> state.state_name: a key that is not id-like but whose leading words name its table
        int lastUnderscore = sepKey.lastIndexOf('_');
        if (name.equals(key)
                && keyStem == null
                && lastUnderscore > 0
                && table.names(sepKey.substring(0, lastUnderscore)) != Naming.NONE) best = Math.max(best, SHARED_KEY);
        if (column.commentNames().contains(table.full())) best = Math.max(best, COMMENT_NAMES_TABLE);
        if (!column.idLike() && (GENERIC.contains(key) || keyStem != null) && table.names(name) != Naming.NONE)
            best = Math.max(best, NAMED_LIKE_TABLE);
        // winning_pilot -> pilot.pilot_id, fk_owner_person -> person.id: a role before the target table's name
        if (!column.idLike()
                && (GENERIC.contains(key) || keyStem != null)
                && table.full().length() >= 4
                && name.length() > table.full().length()
                && name.endsWith(table.full())) best = Math.max(best, ROLE_AND_TABLE);
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
            if (lower.endsWith(suffix)
                    && lower.length() > suffix.length()
                    && lower.charAt(lower.length() - suffix.length() - 1) == '_')
                return compact(lower.substring(0, lower.length() - suffix.length() - 1));
            // Glued suffixes only where they cannot end an ordinary word: singerid, countrycode, but not "valid".
            if ((suffix.equals("id") || suffix.equals("code") || suffix.equals("key"))
                    && lower.endsWith(suffix)
                    && lower.length() > suffix.length()
                    && !lower.endsWith("guid")
                    && !lower.endsWith("uuid")
                    && !lower.endsWith("valid")
                    && !lower.endsWith("void")
                    && !lower.endsWith("paid")
                    && !lower.endsWith("said")) return compact(lower.substring(0, lower.length() - suffix.length()));
            if (lower.equals(suffix)) return "";
        }
        return null;
    }

    /** Two tables regardless of direction; one when a table references itself. */
    private static Set<TableName> pair(TableName a, TableName b) {
        return Set.copyOf(List.of(a, b));
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

    /**
     * What the rules read of a column's name, worked out once per column rather than once for every target it is
     * compared with: its {@link #compact} and lower-case spellings, whether it is id-like, and its {@link
     * #commentNames}.
     */
    record ColumnName(String compact, String lower, boolean idLike, Set<String> commentNames) {
        static ColumnName of(Column column) {
            String lower = column.name().toLowerCase(Locale.ROOT);
            return new ColumnName(
                    RelationshipInference.compact(lower),
                    lower,
                    idStem(lower) != null,
                    RelationshipInference.commentNames(column));
        }
    }

    /**
     * A table's single-column key, {@code factor} below 1 for a unique key that is not the primary key. What depends
     * on the target alone (its naming, its key's stem and type family) is worked out once, not for every column.
     */
    record Target(
            Table table,
            String column,
            double factor,
            Naming naming,
            String key,
            String keyStem,
            String family,
            String lowerColumn,
            String underscoredKey) {
        Target(Table table, String column, double factor) {
            this(
                    table,
                    column,
                    factor,
                    Naming.of(table.name()),
                    compact(column),
                    idStem(column),
                    table.column(column).map(c -> TypeFamily.of(c.dataType())).orElse(null),
                    column.toLowerCase(Locale.ROOT),
                    "_" + column.toLowerCase(Locale.ROOT));
        }

        /** Whether a column of this type family can hold the key's values. */
        boolean joinsType(String columnFamily) {
            return family != null && family.equals(columnFamily);
        }

        /** A primary key that identifies the table's own entity: {@code id}, or {@code player_id} in players. */
        boolean entity() {
            return factor == 1.0 && (key.equals("id") || (keyStem != null && naming.names(keyStem) == Naming.FULL));
        }
    }

    /** Whether a word names a table: its whole name or its last word, singular or plural. */
    record Naming(String full, String rawFull, String lastWord, String rawLastWord) {
        static final int NONE = 0;
        static final int LAST_WORD = 1;
        static final int FULL = 2;

        static Naming of(TableName table) {
            String lower = table.table().toLowerCase(Locale.ROOT);
            int lastWord = lower.lastIndexOf('_');
            String last = lastWord > 0 ? compact(lower.substring(lastWord + 1)) : null;
            return new Naming(singular(compact(lower)), compact(lower), last == null ? null : singular(last), last);
        }

        /** The words of a table's name, each singular: {@code apartment_bookings} gives apartment and booking. */
        static Set<String> words(TableName table) {
            Set<String> words = new HashSet<>();
            for (String word : table.table().toLowerCase(Locale.ROOT).split("_"))
                if (!word.isEmpty()) words.add(singular(compact(word)));
            return words;
        }

        int names(String word) {
            String w = compact(word);
            if (w.length() < 2) return NONE;
            if (same(w, rawFull, full)) return FULL;
            if (lastWord != null && w.length() >= 3 && same(w, rawLastWord, lastWord)) return LAST_WORD;
            return NONE;
        }

        /**
         * Whether a stem might name the table at all: an abbreviation of its name ({@code apt} for apartments, {@code
         * stu} for student) or ending in one of its words ({@code start_station} for station).
         */
        static boolean couldName(String stem, TableName table) {
            String name = compact(table.table());
            if (!stem.isEmpty() && !name.isEmpty() && stem.charAt(0) == name.charAt(0)) {
                int at = 0;
                for (int i = 0; i < name.length() && at < stem.length(); i++)
                    if (name.charAt(i) == stem.charAt(at)) at++;
                if (at == stem.length()) return true;
            }
            for (String word : words(table)) if (word.length() >= 3 && stem.endsWith(word)) return true;
            return false;
        }

        /** Singular or plural: campus and campuses, category and categories, order and orders. */
        private static boolean same(String word, String raw, String singularForm) {
            return word.equals(raw)
                    || singular(word).equals(singularForm)
                    || raw.equals(word + "s")
                    || raw.equals(word + "es")
                    || (word.endsWith("y") && raw.equals(word.substring(0, word.length() - 1) + "ies"));
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

    /** Which column types can hold the same key values: integers and numerics, strings, uuids, dates. */
    static final class TypeFamily {
        private static final Pattern NUMBER =
                Pattern.compile("(small|big)?int(eger|[248])?|(small|big)?serial[248]?|numeric.*|decimal.*|number.*");
        private static final Pattern STRING =
                Pattern.compile("text|citext|name|(character varying|varchar|character|char|bpchar).*");

        private TypeFamily() {}

        /** The type's family, null for a type no key is inferred for. */
        static String of(String type) {
            String t = type.toLowerCase(Locale.ROOT).trim();
            if (NUMBER.matcher(t).matches()) return "number";
            if (STRING.matcher(t).matches()) return "string";
            if (t.equals("uuid")) return "uuid";
            if (t.startsWith("date") || t.startsWith("timestamp")) return "time";
            return null;
        }
    }
}
