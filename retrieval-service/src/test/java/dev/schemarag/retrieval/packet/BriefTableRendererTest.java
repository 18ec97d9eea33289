package dev.schemarag.retrieval.packet;

import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.Table;
import dev.schemarag.retrieval.config.PacketFormat;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BriefTableRendererTest {
    private static final Table CUSTOMERS = customers();
    private static final String FULL = CreateTableRenderer.render(CUSTOMERS, SqlDialect.POSTGRESQL);

    private static Table customers() {
        var t = table("sales.customers")
                .comment("Customer master (clients, accounts): organisations we sell to, e.g. shops. Kept for ten"
                        + " years after the last order.")
                .pk("customer_id")
                .fk("payment_terms_id", "sales.payment_terms", "payment_terms_id")
                .column("name", "varchar(120)", false, "Trading name of the customer.");
        for (String c : List.of("phone", "email", "tax_id", "industry", "website", "credit_limit"))
            t.column(c, "varchar(60)", true, "The customer's " + c.replace('_', ' ') + ", as sales recorded it.");
        return t.build();
    }

    @Test
    void keepsTheFirstSentenceKeysAndKeptColumnsOnOneLineAndNamesTheRestWithinTheBudget() {
        String text = render(Set.of("payment_terms_id", "name"), 85);

        assertThat(text).isEqualTo("""
                -- Customer master (clients, accounts): organisations we sell to, e.g. shops.
                CREATE TABLE sales.customers (customer_id bigint PRIMARY KEY, payment_terms_id bigint REFERENCES\
                 sales.payment_terms (payment_terms_id), name varchar(120)); -- 6 more columns (types and comments\
                 elided): phone, email, tax_id, industry, website, credit_limit""");
        assertThat(TokenCounter.count(text)).isLessThanOrEqualTo(85).isLessThan(TokenCounter.count(FULL) / 2);
    }

    @Test
    void aTableWhoseKeptColumnsTakeItsBudgetStillNamesSomeOfTheOthers() {
        String statement = "CREATE TABLE sales.customers (customer_id bigint PRIMARY KEY);";
        String text = render(Set.of(), 0);

        assertThat(text)
                .startsWith("-- Customer master (clients, accounts): organisations we sell to, e.g. shops.\n"
                        + statement + " -- 8 more columns (types and comments elided): payment_terms_id, name, ")
                .endsWith(" more");
        assertThat(TokenCounter.count(text.substring(text.indexOf(statement) + statement.length())))
                .isLessThanOrEqualTo(BriefTableRenderer.NAMES_FLOOR_TOKENS);
        assertThat(BriefTableRenderer.render(
                        CUSTOMERS,
                        Set.of("name"),
                        CompactSchemaRenderer.render(CUSTOMERS, SqlDialect.POSTGRESQL),
                        0,
                        PacketFormat.COMPACT,
                        SqlDialect.POSTGRESQL))
                .startsWith("sales.customers (customer_id bigint PK, name varchar(120)) -- Customer master (clients,"
                        + " accounts): organisations we sell to, e.g. shops. -- 7 more columns (types and comments"
                        + " elided): payment_terms_id, phone");
    }

    @Test
    void evenATableWithNothingToLeaveOutTakesFewerTokensOnOneLine() {
        Table small = table("sales.regions").pk("region_id").build();
        String full = CreateTableRenderer.render(small, SqlDialect.POSTGRESQL);

        assertThat(BriefTableRenderer.render(
                        small, Set.of(), full, 70, PacketFormat.CREATE_TABLE, SqlDialect.POSTGRESQL))
                .isEqualTo("CREATE TABLE sales.regions (region_id bigint PRIMARY KEY);");
        assertThat(TokenCounter.count("CREATE TABLE sales.regions (region_id bigint PRIMARY KEY);"))
                .isLessThan(TokenCounter.count(full));
    }

    @Test
    void compositeKeysAreTableConstraints() {
        Table lines = table("sales.order_lines")
                .column("order_id", "bigint")
                .column("line_no", "bigint")
                .foreignKey(List.of("order_id", "line_no"), "sales.orders", List.of("order_id", "line_no"))
                .build();

        assertThat(BriefTableRenderer.oneLine(lines, SqlDialect.POSTGRESQL))
                .isEqualTo("CREATE TABLE sales.order_lines (order_id bigint, line_no bigint, FOREIGN KEY (order_id,"
                        + " line_no) REFERENCES sales.orders (order_id, line_no));");
    }

    @Test
    void theFirstSentenceEndsAfterAWordNotAnAbbreviationAndLongOnesAreCut() {
        assertThat(BriefTableRenderer.firstSentence("Payment terms, e.g. NET30. Agreed per customer."))
                .isEqualTo("Payment terms, e.g. NET30.");
        assertThat(BriefTableRenderer.firstSentence("one two three four five six seven eight nine ten eleven twelve"
                        + " thirteen fourteen fifteen sixteen seventeen eighteen"))
                .isEqualTo("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
                        + " sixteen …");
    }

    private static String render(Set<String> kept, int budget) {
        return BriefTableRenderer.render(
                CUSTOMERS, kept, FULL, budget, PacketFormat.CREATE_TABLE, SqlDialect.POSTGRESQL);
    }
}
