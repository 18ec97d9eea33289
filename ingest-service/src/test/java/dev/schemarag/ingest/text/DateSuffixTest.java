package dev.schemarag.ingest.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DateSuffixTest {
    @Test
    void aTrailingDateBecomesAPlaceholder() {
        assertThat(DateSuffix.generalized("web.sessions_20240101")).isEqualTo("web.sessions_<date>");
        assertThat(DateSuffix.generalized("ledger_2024_01_31")).isEqualTo("ledger_<date>");
        assertThat(DateSuffix.generalized("ledger_202401")).isEqualTo("ledger_<date>");
        assertThat(DateSuffix.generalized("ledger_2024_12")).isEqualTo("ledger_<date>");
    }

    @Test
    void membersOfAFamilyShareOneName() {
        assertThat(DateSuffix.generalized("ga_sessions_20170801"))
                .isEqualTo(DateSuffix.generalized("ga_sessions_20161231"));
    }

    @Test
    void namesWithoutADateStayAsTheyAre() {
        assertThat(DateSuffix.generalized("sales_2024")).isEqualTo("sales_2024"); // a bare year may be anything
        assertThat(DateSuffix.generalized("model_20241399")).isEqualTo("model_20241399"); // no month 13
        assertThat(DateSuffix.generalized("orders")).isEqualTo("orders");
        assertThat(DateSuffix.generalized("t_20240101_raw")).isEqualTo("t_20240101_raw"); // not at the end
        assertThat(DateSuffix.generalized("account_12345678")).isEqualTo("account_12345678");
    }
}
