package dev.schemarag.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A synthetic, seeded warehouse in the shared bench format ({@code schema/<schema>.sql}, {@code questions.jsonl}):
 * four schemas holding date-suffixed table families whose members share one described column set, a few wide tables
 * of 100 to 1,000 metric columns, and ordinary dimension and fact tables with keys; every table and column carries a
 * {@code COMMENT ON} of 20 to 80 words whose first sentence says what it holds. The same table count and seed write
 * the same files byte for byte. Questions ask for a family's day, a base table's attribute or a wide table's metric.
 */
public final class WarehouseSuite {
    public static final int DEFAULT_TABLES = 300;
    public static final long DEFAULT_SEED = 28;
    static final int MIN_TABLES = 20;
    static final int MIN_WORDS = 20;
    static final int MAX_WORDS = 80;

    private static final List<String> SCHEMAS = List.of("sales", "marketing", "web", "finance");
    private static final DateTimeFormatter SUFFIX = DateTimeFormatter.BASIC_ISO_DATE;
    private static final LocalDate FIRST_DAY = LocalDate.of(2024, 1, 1);

    private static final List<String> ENTITIES = List.of(
            "customer",
            "order",
            "product",
            "supplier",
            "store",
            "employee",
            "invoice",
            "payment",
            "shipment",
            "campaign",
            "subscription",
            "account",
            "refund",
            "warehouse",
            "promotion",
            "territory",
            "contract",
            "vendor",
            "ticket",
            "lead");
    private static final List<String> TABLE_ROLES =
            List.of("%ss", "%s_history", "%s_daily_summary", "%s_attributes", "stg_%ss", "%s_snapshots");

    /** name, SQL type, first sentence; {@code %s} is the entity. */
    private static final List<String[]> ATTRIBUTES = List.of(
            new String[] {"%s_name", "text", "The display name of the %s as shown to business users"},
            new String[] {
                "status", "text", "The current lifecycle status of the %s, such as active, suspended or closed"
            },
            new String[] {"created_at", "timestamp", "When the %s record was first created in the source system"},
            new String[] {"updated_at", "timestamp", "When any attribute of the %s last changed in the source system"},
            new String[] {
                "total_amount", "numeric(18,2)", "The total monetary amount of the %s in the reporting currency"
            },
            new String[] {"currency_code", "text", "The ISO 4217 code of the currency the %s was transacted in"},
            new String[] {"country_code", "text", "The ISO 3166 country code where the %s is registered"},
            new String[] {"region_name", "text", "The sales region the %s is assigned to for reporting"},
            new String[] {"channel", "text", "The acquisition or sales channel through which the %s arrived"},
            new String[] {"quantity", "integer", "The number of units recorded on the %s"},
            new String[] {
                "discount_rate", "numeric(5,4)", "The fraction of the list price given as a discount on the %s"
            },
            new String[] {"is_deleted", "boolean", "Whether the %s was soft-deleted in the source system"},
            new String[] {"source_system", "text", "The operational system the %s record was extracted from"},
            new String[] {"external_reference", "text", "The identifier of the %s in the partner's own system"},
            new String[] {
                "risk_score", "double precision", "A model score between zero and one estimating the risk of the %s"
            },
            new String[] {"category_name", "text", "The merchandising category the %s belongs to"},
            new String[] {"priority_level", "smallint", "The handling priority of the %s, from one (urgent) to five"},
            new String[] {"valid_from", "date", "The first day on which this version of the %s is valid"},
            new String[] {"valid_to", "date", "The last day on which this version of the %s is valid"},
            new String[] {"email_address", "text", "The contact email address recorded for the %s"},
            new String[] {"segment_code", "text", "The customer segment code of the %s used by marketing"},
            new String[] {"tier_name", "text", "The service tier of the %s, which drives its pricing"},
            new String[] {"duration_seconds", "integer", "How long the %s lasted, in seconds"},
            new String[] {"tax_amount", "numeric(18,2)", "The tax charged on the %s in the reporting currency"},
            new String[] {"cost_amount", "numeric(18,2)", "The fully loaded cost of the %s in the reporting currency"},
            new String[] {"margin_amount", "numeric(18,2)", "The gross margin of the %s, revenue less cost"},
            new String[] {"load_batch_id", "bigint", "The warehouse load batch that last wrote the %s"},
            new String[] {"row_hash", "text", "A hash of the %s's source columns used to detect changes"},
            new String[] {"owner_name", "text", "The name of the employee accountable for the %s"},
            new String[] {"notes", "text", "Free-text notes entered by staff about the %s"});

    /** What a family's members record, the schema it lives in, and its name prefix. */
    private static final List<String[]> FAMILIES = List.of(
            new String[] {"web", "sessions_", "session"},
            new String[] {"marketing", "ad_impressions_", "impression"},
            new String[] {"finance", "daily_balances_", "balance"},
            new String[] {"sales", "pos_transactions_", "transaction"});

    private static final List<String[]> MEASURES = List.of(
            new String[] {"revenue", "Total revenue"},
            new String[] {"orders", "Number of orders"},
            new String[] {"sessions", "Number of web sessions"},
            new String[] {"bounce_rate", "Share of sessions that left after one page"},
            new String[] {"conversion_rate", "Share of sessions that ended in a purchase"},
            new String[] {"avg_basket", "Average basket value"},
            new String[] {"returns", "Number of returned items"},
            new String[] {"refund_amount", "Total amount refunded"},
            new String[] {"new_customers", "Number of first-time customers"},
            new String[] {"active_users", "Number of distinct active users"},
            new String[] {"page_views", "Number of page views"},
            new String[] {"cart_adds", "Number of add-to-cart events"},
            new String[] {"ad_spend", "Advertising spend"},
            new String[] {"clicks", "Number of ad clicks"},
            new String[] {"impressions", "Number of ad impressions"},
            new String[] {"support_tickets", "Number of support tickets opened"},
            new String[] {"churned_users", "Number of users who cancelled"},
            new String[] {"units_sold", "Number of units sold"},
            new String[] {"gross_margin", "Gross margin"},
            new String[] {"shipping_cost", "Shipping cost"});
    private static final List<String[]> SEGMENTS = List.of(
            new String[] {"mobile", "mobile app users"},
            new String[] {"desktop", "desktop browser users"},
            new String[] {"tablet", "tablet users"},
            new String[] {"organic", "visitors from organic search"},
            new String[] {"paid", "visitors from paid campaigns"},
            new String[] {"email", "visitors from email campaigns"},
            new String[] {"social", "visitors from social networks"},
            new String[] {"new", "first-time visitors"},
            new String[] {"returning", "returning visitors"},
            new String[] {"loyalty", "loyalty programme members"});
    private static final List<String[]> WINDOWS = List.of(
            new String[] {"1d", "the last day"},
            new String[] {"7d", "the trailing 7 days"},
            new String[] {"28d", "the trailing 28 days"},
            new String[] {"90d", "the trailing 90 days"},
            new String[] {"ytd", "the year to date"});
    private static final List<String> WIDE_NAMES = List.of(
            "customer_feature_store",
            "store_kpi_wide",
            "campaign_metrics_wide",
            "product_performance_wide",
            "region_scorecard_wide",
            "channel_metrics_wide",
            "daily_kpi_wide",
            "account_health_wide");

    private static final List<String> SOURCES =
            List.of("order management", "point of sale", "CRM", "billing", "web analytics", "ERP", "ad server");
    private static final List<String> TEAMS =
            List.of("finance", "marketing analytics", "sales operations", "data platform", "customer success");
    private static final List<String> MORE = List.of(
            "Loaded nightly from the %src% system by the %team% pipeline.",
            "Null when the value was not captured at the time, which is common for records created before %year%.",
            "Amounts are converted to the reporting currency at the daily rate published by treasury.",
            "Used by the %team% team for monthly reporting and reconciled against the general ledger.",
            "Do not use it for joins across regions, because identifiers are only unique within a region.",
            "Historical values are kept as they were originally recorded and are never backfilled.",
            "The value is recomputed whenever the underlying record changes, so it may differ from earlier exports.",
            "Deprecated in favour of a newer field and kept only for compatibility with existing dashboards.",
            "Personal data: access is restricted and the value is masked outside production.",
            "Timestamps are recorded in UTC with second precision.",
            "Empty strings from the %src% system are converted to null during loading.",
            "See the data dictionary maintained by the %team% team for the allowed values and their meaning.",
            "Late-arriving corrections from the %src% system can change this value for up to three days.",
            "Test and internal records are excluded before the value is computed.",
            "When several source records disagree, the most recent one wins.",
            "Audited quarterly by the %team% team; discrepancies above one percent are investigated.");

    private WarehouseSuite() {}

    /**
     * Writes the suite into {@code dir} (created; its {@code schema/} files and questions replaced) and returns it.
     * {@code tables} is the total table count, at least {@value #MIN_TABLES}.
     */
    public static Path write(Path dir, int tables, long seed) throws IOException {
        Files.createDirectories(dir.resolve("schema"));
        Generated g = generate(tables, seed);
        for (Map.Entry<String, String> schema : g.ddl().entrySet())
            Files.writeString(dir.resolve("schema").resolve(schema.getKey() + ".sql"), schema.getValue());
        Files.writeString(dir.resolve("questions.jsonl"), String.join("\n", g.questions()) + "\n");
        return dir;
    }

    /** The DDL of each schema, in {@link #SCHEMAS} order, and the questions as JSON lines. */
    record Generated(Map<String, String> ddl, List<String> questions) {}

    static Generated generate(int tables, long seed) {
        if (tables < MIN_TABLES)
            throw new IllegalArgumentException("a warehouse suite needs at least " + MIN_TABLES + " tables");
        return new Builder(new SplittableRandom(seed)).build(tables);
    }

    private static final class Builder {
        private final SplittableRandom random;
        private final Map<String, StringBuilder> ddl = new LinkedHashMap<>();
        private final List<String> questions = new ArrayList<>();
        private final ObjectMapper json = new ObjectMapper();

        Builder(SplittableRandom random) {
            this.random = random;
            for (String s : SCHEMAS) ddl.put(s, new StringBuilder("CREATE SCHEMA " + s + ";\n"));
        }

        Generated build(int tables) {
            int wide = Math.min(WIDE_NAMES.size(), Math.max(2, tables / 75));
            int familyMembers = tables * 7 / 10 / FAMILIES.size();
            int regular = tables - wide - familyMembers * FAMILIES.size();
            regularTables(regular);
            for (String[] family : FAMILIES) family(family, familyMembers);
            for (int i = 0; i < wide; i++) wideTable(i, wide);
            Map<String, String> out = new LinkedHashMap<>();
            ddl.forEach((schema, text) -> out.put(schema, text.toString()));
            return new Generated(out, List.copyOf(questions));
        }

        /** Dimension and fact tables: entity x role, keyed by {@code <entity>_id}, facts referencing the base table. */
        private void regularTables(int count) {
            int made = 0;
            for (int round = 0; made < count; round++) {
                String role = TABLE_ROLES.get(round % TABLE_ROLES.size());
                int suffix = round / TABLE_ROLES.size();
                for (int e = 0; e < ENTITIES.size() && made < count; e++, made++) {
                    String entity = ENTITIES.get(e);
                    String schema = SCHEMAS.get(e % SCHEMAS.size());
                    String name = role.formatted(entity) + (suffix == 0 ? "" : "_v" + (suffix + 1));
                    boolean base = round == 0;
                    regularTable(schema, name, entity, base, SCHEMAS.get(e % SCHEMAS.size()) + "." + entity + "s");
                }
            }
        }

        private void regularTable(String schema, String name, String entity, boolean base, String baseTable) {
            List<String[]> attributes = pick(ATTRIBUTES, 8 + random.nextInt(18));
            StringBuilder sql = ddl.get(schema);
            String key = base ? entity + "_id" : name + "_id";
            sql.append("\nCREATE TABLE ")
                    .append(schema)
                    .append('.')
                    .append(name)
                    .append(" (\n");
            sql.append("    ").append(key).append(" bigint PRIMARY KEY");
            if (!base)
                sql.append(",\n    ")
                        .append(entity)
                        .append("_id bigint REFERENCES ")
                        .append(baseTable);
            for (String[] a : attributes)
                sql.append(",\n    ").append(a[0].formatted(entity)).append(' ').append(a[1]);
            sql.append("\n);\n");
            String what = base ? "Master data of every " + entity : role(name, entity);
            comment(sql, "TABLE " + schema + "." + name, what);
            comment(sql, "COLUMN " + schema + "." + name + "." + key, "The surrogate key of the " + entity);
            if (!base)
                comment(
                        sql,
                        "COLUMN " + schema + "." + name + "." + entity + "_id",
                        "The " + entity + " this row describes");
            for (String[] a : attributes)
                comment(sql, "COLUMN " + schema + "." + name + "." + a[0].formatted(entity), a[2].formatted(entity));
            if (base && !attributes.isEmpty()) {
                String[] a = attributes.get(0);
                question(
                        "List every " + entity + " with " + lowerFirst(a[2].formatted(entity)) + ".",
                        schema + "." + name);
            }
        }

        private static String role(String name, String entity) {
            if (name.contains("history")) return "Every past version of each " + entity + ", one row per change";
            if (name.contains("daily_summary")) return "One row per " + entity + " and day with the day's totals";
            if (name.contains("attributes"))
                return "Optional attributes of each " + entity + " kept apart from its master row";
            if (name.startsWith("stg_")) return "Raw " + entity + " rows as staged from the source before cleansing";
            return "Periodic snapshots of each " + entity + " taken at the end of the day";
        }

        /** Tables that differ only by a date suffix and share one described column set, as date-sharded exports do. */
        private void family(String[] family, int members) {
            String schema = family[0];
            String prefix = family[1];
            String entity = family[2];
            List<String[]> attributes = pick(ATTRIBUTES, 15 + random.nextInt(15));
            String tableComment = "One day of " + entity + " records, one table per calendar day named by its date";
            StringBuilder sql = ddl.get(schema);
            for (int d = 0; d < members; d++) {
                String table = schema + "." + prefix + FIRST_DAY.plusDays(d).format(SUFFIX);
                sql.append("\nCREATE TABLE ")
                        .append(table)
                        .append(" (\n    ")
                        .append(entity)
                        .append("_id bigint");
                for (String[] a : attributes)
                    sql.append(",\n    ")
                            .append(a[0].formatted(entity))
                            .append(' ')
                            .append(a[1]);
                sql.append("\n);\n");
                // The same words on every member, drawn again from the same seed: as a sharded export documents them.
                SplittableRandom words = new SplittableRandom(prefix.hashCode());
                comment(sql, "TABLE " + table, tableComment, words);
                comment(sql, "COLUMN " + table + "." + entity + "_id", "The identifier of the " + entity, words);
                for (String[] a : attributes)
                    comment(sql, "COLUMN " + table + "." + a[0].formatted(entity), a[2].formatted(entity), words);
            }
            if (members > 0) {
                LocalDate day = FIRST_DAY.plusDays(random.nextInt(members));
                question(
                        "How many " + entity + " records were there on " + day + "?",
                        schema + "." + prefix + day.format(SUFFIX));
            }
        }

        /** A table of metric columns: measure x segment x window, in a seeded order, {@code 100..1000} of them. */
        private void wideTable(int index, int count) {
            String schema = SCHEMAS.get(index % SCHEMAS.size());
            String name = WIDE_NAMES.get(index);
            int width = count == 1 ? 1000 : 100 + 900 * index / (count - 1);
            List<String[]> metrics = new ArrayList<>();
            for (String[] m : MEASURES)
                for (String[] s : SEGMENTS)
                    for (String[] w : WINDOWS)
                        metrics.add(
                                new String[] {m[0] + "_" + s[0] + "_" + w[0], m[1] + " for " + s[1] + " over " + w[1]});
            List<String[]> columns = pick(metrics, width - 1);
            StringBuilder sql = ddl.get(schema);
            sql.append("\nCREATE TABLE ")
                    .append(schema)
                    .append('.')
                    .append(name)
                    .append(" (\n");
            sql.append("    metric_date date PRIMARY KEY");
            for (String[] c : columns) sql.append(",\n    ").append(c[0]).append(" double precision");
            sql.append("\n);\n");
            comment(sql, "TABLE " + schema + "." + name, "Daily metrics, one row per day and one column per metric");
            comment(sql, "COLUMN " + schema + "." + name + ".metric_date", "The calendar day the metrics describe");
            for (String[] c : columns) comment(sql, "COLUMN " + schema + "." + name + "." + c[0], c[1]);
            String[] asked = columns.get(random.nextInt(columns.size()));
            question("What was the " + lowerFirst(asked[1]) + " each day?", schema + "." + name);
        }

        private void comment(StringBuilder sql, String target, String firstSentence) {
            comment(sql, target, firstSentence, random);
        }

        /** {@code COMMENT ON}: the first sentence, then further ones until the words reach a seeded 20..80. */
        private static void comment(StringBuilder sql, String target, String firstSentence, SplittableRandom words) {
            sql.append("COMMENT ON ")
                    .append(target)
                    .append(" IS '")
                    .append(description(firstSentence, words).replace("'", "''"))
                    .append("';\n");
        }

        private void question(String text, String goldTable) {
            ObjectNode q = json.createObjectNode()
                    .put("id", "warehouse-" + (questions.size() + 1))
                    .put("db_id", goldTable.substring(0, goldTable.indexOf('.')))
                    .put("question", text)
                    .put("gold_sql", "");
            q.putArray("gold_tables").add(goldTable);
            q.putArray("gold_columns");
            questions.add(q.toString());
        }

        /** {@code n} distinct elements of {@code from} in a seeded order (all of them when there are fewer). */
        private <T> List<T> pick(List<T> from, int n) {
            List<T> shuffled = new ArrayList<>(from);
            for (int i = shuffled.size() - 1; i > 0; i--)
                java.util.Collections.swap(shuffled, i, random.nextInt(i + 1));
            return shuffled.subList(0, Math.min(n, shuffled.size()));
        }
    }

    /** A description of {@value #MIN_WORDS} to {@value #MAX_WORDS} words that opens with {@code firstSentence}. */
    static String description(String firstSentence, SplittableRandom random) {
        int target = MIN_WORDS + random.nextInt(MAX_WORDS - MIN_WORDS + 1);
        StringBuilder text = new StringBuilder(firstSentence).append('.');
        int words = wordCount(text);
        List<String> pool = new ArrayList<>(MORE);
        while (words < target && !pool.isEmpty()) {
            String next = pool.remove(random.nextInt(pool.size()))
                    .replace("%src%", SOURCES.get(random.nextInt(SOURCES.size())))
                    .replace("%team%", TEAMS.get(random.nextInt(TEAMS.size())))
                    .replace("%year%", String.valueOf(2015 + random.nextInt(8)));
            if (words + wordCount(next) > MAX_WORDS) continue;
            text.append(' ').append(next);
            words += wordCount(next);
        }
        return text.toString();
    }

    static int wordCount(CharSequence text) {
        String trimmed = text.toString().trim();
        return trimmed.isEmpty() ? 0 : trimmed.split("\\s+").length;
    }

    private static String lowerFirst(String s) {
        return s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
    }
}
