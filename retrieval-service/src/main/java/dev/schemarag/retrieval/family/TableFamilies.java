package dev.schemarag.retrieval.family;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.math.BigInteger;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The table families of a catalog ({@link TableFamily}): tables of one schema, not views, whose names are the same once
 * a trailing date or number is a placeholder ({@link MemberName}) and whose columns have the same names in the same
 * order, so {@code order_1} and {@code order_2} with different columns stay apart. A family counts from {@link
 * #atLeast} members on; fewer tables that look alike may be anything. Computed from the definitions alone, immutable.
 */
public final class TableFamilies {
    /** No families: every table stands for itself. */
    public static final TableFamilies NONE = new TableFamilies(Map.of(), List.of(), Integer.MAX_VALUE);

    private static final int PAIR = 2;

    private final Map<TableName, TableFamily> byMember;
    private final List<TableFamily> families;
    private final int minMembers;

    private TableFamilies(Map<TableName, TableFamily> byMember, List<TableFamily> families, int minMembers) {
        this.byMember = byMember;
        this.families = families;
        this.minMembers = minMembers;
    }

    /** The families among {@code tables}, counting from two members until {@link #atLeast} says otherwise. */
    public static TableFamilies of(Collection<Table> tables) {
        Map<Key, List<Member>> groups = new LinkedHashMap<>();
        for (Table table : tables) {
            if (table.view()) continue;
            MemberName.of(table.name().table()).ifPresent(name -> groups.computeIfAbsent(
                            new Key(
                                    table.name().schema(),
                                    name.pattern(),
                                    table.columns().stream().map(Column::name).toList()),
                            k -> new ArrayList<>())
                    .add(new Member(table.name(), name)));
        }
        Map<TableName, TableFamily> byMember = new HashMap<>();
        List<TableFamily> families = new ArrayList<>();
        for (Map.Entry<Key, List<Member>> group : groups.entrySet()) {
            List<Member> members = group.getValue();
            if (members.size() < PAIR) continue;
            members.sort((a, b) -> MemberName.ORDER.compare(a.name(), b.name()));
            TableFamily family = new TableFamily(
                    group.getKey().schema() + "." + group.getKey().pattern(),
                    members.stream().map(Member::table).toList(),
                    members.get(0).name().spacing(),
                    missing(members));
            families.add(family);
            family.members().forEach(m -> byMember.put(m, family));
        }
        return new TableFamilies(Map.copyOf(byMember), List.copyOf(families), PAIR);
    }

    /** These families where they have at least {@code minMembers} members; smaller ones are plain tables. */
    public TableFamilies atLeast(int minMembers) {
        return new TableFamilies(byMember, families, Math.max(PAIR, minMembers));
    }

    /** The family {@code table} is a member of, if it is one. */
    public Optional<TableFamily> familyOf(TableName table) {
        TableFamily family = byMember.get(table);
        return family == null || family.size() < minMembers ? Optional.empty() : Optional.of(family);
    }

    /**
     * {@code ranked} with each family's first entry only, in order: the best-ranked member stands for its family, so
     * that its members take one place of a ranking instead of crowding out other tables.
     */
    public <T> List<T> distinct(List<T> ranked, Function<T, TableName> table) {
        if (families.isEmpty()) return ranked;
        Set<TableFamily> seen = new HashSet<>();
        List<T> out = new ArrayList<>(ranked.size());
        for (T entry : ranked) {
            Optional<TableFamily> family = familyOf(table.apply(entry));
            if (family.isEmpty() || seen.add(family.get())) out.add(entry);
        }
        return out;
    }

    /**
     * {@code ranked} as {@link #distinct}, each family's place taken by its member among {@code standIns} where there is
     * one: so that two rankings fused later agree on the member that stands for the family.
     */
    public List<TableName> distinct(List<TableName> ranked, List<TableName> standIns) {
        if (families.isEmpty()) return ranked;
        Map<TableFamily, TableName> standIn = new HashMap<>();
        for (TableName table : standIns) familyOf(table).ifPresent(f -> standIn.putIfAbsent(f, table));
        List<TableName> replaced = ranked.stream()
                .map(t -> familyOf(t).map(f -> standIn.getOrDefault(f, t)).orElse(t))
                .toList();
        return distinct(replaced, t -> t);
    }

    /** Members beyond the first of each family: the ranks a search needs more to find as many distinct entries. */
    public int redundantMembers() {
        int redundant = 0;
        for (TableFamily family : families) if (family.size() >= minMembers) redundant += family.size() - 1;
        return redundant;
    }

    /** The days, months or numbers between the first and the last member that have no table. */
    private static long missing(List<Member> members) {
        MemberName first = members.get(0).name();
        MemberName last = members.get(members.size() - 1).name();
        long distinct = members.stream()
                .map(m -> m.name().date() != null ? m.name().date() : m.name().number())
                .distinct()
                .count();
        long span =
                switch (first.spacing()) {
                    case DAY -> ChronoUnit.DAYS.between(first.date(), last.date()) + 1;
                    case MONTH -> ChronoUnit.MONTHS.between(first.date(), last.date()) + 1;
                    case NUMBER ->
                        last.number()
                                .subtract(first.number())
                                .add(BigInteger.ONE)
                                .min(BigInteger.valueOf(Long.MAX_VALUE))
                                .longValueExact();
                };
        return span - distinct;
    }

    /** A daily and a monthly member never share a pattern, so a group has one spacing. */
    private record Key(String schema, String pattern, List<String> columns) {}

    private record Member(TableName table, MemberName name) {}
}
