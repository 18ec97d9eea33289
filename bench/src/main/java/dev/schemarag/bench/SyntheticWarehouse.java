package dev.schemarag.bench;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.ingest.text.ColumnText;
import dev.schemarag.ingest.text.EmbeddingTexts;
import dev.schemarag.ingest.text.EntityTexts;
import dev.schemarag.retrieval.index.DatabaseVectors;
import dev.schemarag.retrieval.index.Embedded;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A seeded, warehouse-like catalog of a given number of columns: tables of 50 to 1,000 columns (log-uniform), about
 * half of them in date-suffixed families whose members repeat the same columns and descriptions, table comments of
 * 10–30 words and column comments of 20–80, drawn with a skew from a vocabulary of a few thousand words, and a few
 * foreign keys to earlier tables. Everything is built anew on each call and every row's strings are objects of their
 * own, as rows read from the store are: what retrieval makes of repeated texts is then its own doing.
 */
final class SyntheticWarehouse {
    static final String DATABASE = "warehouse";
    static final int MIN_COLUMNS = 50;
    static final int MAX_COLUMNS = 1_000;

    private static final List<String> SCHEMAS =
            List.of("sales", "marketing", "finance", "logistics", "web", "crm", "hr", "product");
    private static final List<String> DOMAIN_WORDS = List.of(
            "order",
            "customer",
            "amount",
            "total",
            "revenue",
            "cost",
            "price",
            "quantity",
            "discount",
            "tax",
            "invoice",
            "payment",
            "refund",
            "shipment",
            "carrier",
            "warehouse",
            "store",
            "region",
            "country",
            "city",
            "postal",
            "code",
            "name",
            "status",
            "type",
            "category",
            "channel",
            "campaign",
            "click",
            "session",
            "page",
            "visit",
            "device",
            "browser",
            "event",
            "user",
            "account",
            "balance",
            "currency",
            "rate",
            "score",
            "rank",
            "segment",
            "cohort",
            "product",
            "sku",
            "brand",
            "supplier",
            "vendor",
            "contract",
            "employee",
            "department",
            "salary",
            "bonus",
            "hire",
            "date",
            "time",
            "created",
            "updated",
            "deleted",
            "start",
            "end",
            "duration",
            "count",
            "average",
            "median",
            "minimum",
            "maximum",
            "first",
            "last",
            "flag",
            "active",
            "source",
            "medium",
            "referrer",
            "keyword",
            "ad",
            "impression",
            "conversion",
            "margin",
            "profit",
            "budget",
            "forecast",
            "target",
            "actual",
            "variance",
            "ledger",
            "journal",
            "entry",
            "debit",
            "credit",
            "asset",
            "liability",
            "inventory",
            "stock",
            "unit",
            "weight",
            "volume",
            "route",
            "delivery",
            "return",
            "reason",
            "ticket",
            "priority",
            "agent",
            "call",
            "email",
            "phone",
            "address",
            "latitude",
            "longitude",
            "zone",
            "store",
            "shift",
            "hour",
            "day",
            "week",
            "month",
            "quarter",
            "year",
            "fiscal",
            "period",
            "batch",
            "run");
    private static final List<String> TYPES = List.of(
            "bigint",
            "integer",
            "numeric(18,2)",
            "text",
            "character varying(255)",
            "date",
            "timestamp without time zone",
            "boolean",
            "jsonb",
            "double precision");
    private static final String[] SYLLABLES = {
        "ka", "lo", "mi", "re", "tu", "sa", "ne", "po", "di", "ga", "vo", "ri", "ba", "te", "lu", "fe", "xo", "qui",
        "an", "or", "el", "ur", "is", "on"
    };
    private static final int VOCABULARY = 4_000;
    /** The chance that a new table starts a family of 5–40: about half the tables end up in one. */
    private static final double FAMILY_CHANCE = 0.04;

    /** One table of the plan; family members share {@code columnSeed} and so their columns and descriptions. */
    record TableSpec(
            String schema,
            String name,
            String entity,
            String family,
            long columnSeed,
            int columns,
            List<Integer> refs) {
        /** The table's name, its strings objects of their own as in each row read from the store. */
        TableName tableName() {
            return new TableName(copy(schema), copy(name));
        }
    }

    /** A question about a table's columns, and the table (or family) it is about. */
    record Question(String text, String schema, String family) {}

    private final long seed;
    private final List<TableSpec> tables;
    private final List<String> vocabulary;
    private final EmbeddingTexts texts = EmbeddingTexts.defaults();

    private SyntheticWarehouse(long seed, List<TableSpec> tables, List<String> vocabulary) {
        this.seed = seed;
        this.tables = tables;
        this.vocabulary = vocabulary;
    }

    /** A catalog of exactly {@code columns} columns. */
    static SyntheticWarehouse of(long seed, int columns) {
        if (columns < 1) throw new IllegalArgumentException("a catalog needs at least one column, was " + columns);
        SplittableRandom random = new SplittableRandom(seed);
        List<TableSpec> tables = new ArrayList<>();
        Set<String> entities = new HashSet<>();
        int total = 0;
        LocalDate firstDay = LocalDate.of(2024, 1, 1);
        while (total < columns) {
            int width = Math.min(logUniform(random, MIN_COLUMNS, MAX_COLUMNS), columns - total);
            String schema = SCHEMAS.get(random.nextInt(SCHEMAS.size()));
            String entity = uniqueEntity(random, entities);
            List<Integer> refs = new ArrayList<>();
            int keys = tables.isEmpty() ? 0 : random.nextInt(3);
            for (int k = 0; k < keys; k++) refs.add(random.nextInt(tables.size()));
            long columnSeed = random.nextLong();
            int members = random.nextDouble() < FAMILY_CHANCE ? 5 + random.nextInt(36) : 1;
            members = Math.max(1, Math.min(members, (columns - total) / width));
            for (int m = 0; m < members; m++) {
                String name = members == 1
                        ? entity
                        : entity + "_" + firstDay.plusDays(m).format(DateTimeFormatter.BASIC_ISO_DATE);
                tables.add(new TableSpec(
                        schema, name, entity, entity, columnSeed, width, List.copyOf(new LinkedHashSet<>(refs))));
                total += width;
            }
        }
        return new SyntheticWarehouse(seed, List.copyOf(tables), vocabulary(new SplittableRandom(seed ^ 0x5EED)));
    }

    List<TableSpec> tables() {
        return tables;
    }

    int columns() {
        return tables.stream().mapToInt(TableSpec::columns).sum();
    }

    /** Tables in a family of more than one member. */
    long familyTables() {
        return tables.stream().filter(t -> !t.name().equals(t.family())).count();
    }

    /** The table as introspection gives it. */
    Table definition(TableSpec spec) {
        SplittableRandom random = new SplittableRandom(spec.columnSeed());
        String comment = words(random, 10, 30);
        List<Column> columns = new ArrayList<>();
        Set<String> names = new HashSet<>();
        String key = spec.entity() + "_id";
        names.add(key);
        columns.add(new Column(
                key, "bigint", false, null, "Identifies the " + spec.entity() + ". " + words(random, 20, 40)));
        List<ForeignKey> foreignKeys = new ArrayList<>();
        for (int ref : spec.refs()) {
            TableSpec target = tables.get(ref);
            String column = target.entity() + "_id";
            if (!names.add(column)) continue;
            columns.add(
                    new Column(column, "bigint", true, null, "The " + target.entity() + ". " + words(random, 20, 40)));
            foreignKeys.add(new ForeignKey(
                    "fk_" + spec.entity() + "_" + target.entity(),
                    List.of(column),
                    target.tableName(),
                    List.of(key(target))));
        }
        while (columns.size() < spec.columns()) {
            String name = columnName(random);
            if (!names.add(name)) name = name + "_" + columns.size();
            names.add(name);
            columns.add(
                    new Column(name, copy(TYPES.get(random.nextInt(TYPES.size()))), true, null, words(random, 20, 80)));
        }
        return new Table(
                spec.tableName(),
                false,
                comment,
                columns.subList(0, spec.columns()),
                List.of(key),
                foreignKeys,
                List.of());
    }

    private static String key(TableSpec table) {
        return table.entity() + "_id";
    }

    /** The catalog as the store holds it: definitions, embedded texts and their stamps under {@code modelId}. */
    IndexedDatabase database(String version, String modelId) {
        List<IndexedTable> rows = new ArrayList<>(tables.size());
        for (TableSpec spec : tables) {
            Table definition = definition(spec);
            EntityTexts entity = texts.of(definition, Annotations.empty());
            List<IndexedColumn> columns = new ArrayList<>(entity.columns().size());
            for (ColumnText c : entity.columns())
                columns.add(
                        new IndexedColumn(copy(c.column()), c.generic(), c.text(), TextHash.stamp(modelId, c.hash())));
            rows.add(new IndexedTable(
                    definition,
                    null,
                    false,
                    entity.tableText(),
                    TextHash.stamp(modelId, entity.tableHash()),
                    columns,
                    List.of(),
                    TableAccess.NONE));
        }
        return new IndexedDatabase(DATABASE, version, rows, List.of());
    }

    /** Every table's and column's vector of its embedded text. */
    DatabaseVectors vectors(EmbeddingModel model) {
        List<Embedded<TableName>> tableVectors = new ArrayList<>(tables.size());
        List<Embedded<DatabaseVectors.Column>> columnVectors = new ArrayList<>(columns());
        for (TableSpec spec : tables) {
            EntityTexts entity = texts.of(definition(spec), Annotations.empty());
            tableVectors.add(new Embedded<>(spec.tableName(), model.embed(entity.tableText())));
            for (ColumnText c : entity.columns())
                columnVectors.add(new Embedded<>(
                        new DatabaseVectors.Column(spec.tableName(), copy(c.column()), c.generic()),
                        model.embed(c.text())));
        }
        return new DatabaseVectors(tableVectors, columnVectors, List.of());
    }

    /**
     * {@code count} questions, each naming two columns of one table and that table's entity, in words as an analyst
     * would write them.
     */
    List<Question> questions(int count) {
        // The last table may hold its key alone.
        List<TableSpec> askable = tables.stream().filter(t -> t.columns() > 1).toList();
        if (askable.isEmpty()) throw new IllegalStateException("no table has a column besides its key");
        SplittableRandom random = new SplittableRandom(seed ^ 0x9E57);
        List<Question> questions = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            TableSpec spec = askable.get(random.nextInt(askable.size()));
            List<Column> columns = definition(spec).columns();
            String measure =
                    spoken(columns.get(1 + random.nextInt(columns.size() - 1)).name());
            String by =
                    spoken(columns.get(1 + random.nextInt(columns.size() - 1)).name());
            questions.add(new Question(
                    "What is the total " + measure + " per " + by + " of each " + spoken(spec.entity()) + "?",
                    spec.schema(),
                    spec.family()));
        }
        return questions;
    }

    private static String spoken(String identifier) {
        return identifier.replace('_', ' ');
    }

    private String columnName(SplittableRandom random) {
        int parts = 1 + random.nextInt(3);
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < parts; i++) {
            if (i > 0) name.append('_');
            name.append(DOMAIN_WORDS.get(random.nextInt(DOMAIN_WORDS.size())));
        }
        return name.toString();
    }

    /** Words drawn with a skew towards the frequent ones, as descriptions repeat a domain's common words. */
    private String words(SplittableRandom random, int min, int max) {
        int count = min + random.nextInt(max - min + 1);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) text.append(' ');
            text.append(vocabulary.get((int) (vocabulary.size() * Math.pow(random.nextDouble(), 2.5))));
        }
        return text.append('.').toString();
    }

    private static String uniqueEntity(SplittableRandom random, Set<String> taken) {
        String entity;
        do {
            entity = DOMAIN_WORDS.get(random.nextInt(DOMAIN_WORDS.size())) + "_"
                    + DOMAIN_WORDS.get(random.nextInt(DOMAIN_WORDS.size()));
            if (taken.contains(entity)) entity = entity + "_" + taken.size();
        } while (!taken.add(entity));
        return entity;
    }

    private static int logUniform(SplittableRandom random, int min, int max) {
        return (int) Math.round(Math.exp(Math.log(min) + random.nextDouble() * (Math.log(max) - Math.log(min))));
    }

    /** The domain's words first (the most frequent), then made-up ones. */
    private static List<String> vocabulary(SplittableRandom random) {
        Set<String> words = new LinkedHashSet<>(DOMAIN_WORDS);
        while (words.size() < VOCABULARY) {
            int syllables = 2 + random.nextInt(3);
            StringBuilder word = new StringBuilder();
            for (int i = 0; i < syllables; i++) word.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
            words.add(word.toString());
        }
        return List.copyOf(words);
    }

    /** A string of its own, as each row read from the store has. */
    private static String copy(String s) {
        return new String(s.toCharArray());
    }
}
