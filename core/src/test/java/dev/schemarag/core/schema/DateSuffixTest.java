package dev.schemarag.core.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
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
        assertThat(DateSuffix.generalized("events20240101")).isEqualTo("events20240101"); // no underscore
    }

    @Test
    void aParsedSuffixKeepsItsPrefixItsLayoutAndItsDate() {
        assertThat(DateSuffix.of("ga_sessions_20170801"))
                .contains(new DateSuffix("ga_sessions_", "YYYYMMDD", LocalDate.of(2017, 8, 1), true));
        assertThat(DateSuffix.of("ledger_2024_01"))
                .contains(new DateSuffix("ledger_", "YYYY_MM", LocalDate.of(2024, 1, 1), false));
        assertThat(DateSuffix.of("events20240131"))
                .contains(new DateSuffix("events", "YYYYMMDD", LocalDate.of(2024, 1, 31), true));
    }

    @Test
    void noDateIsParsedWhereTheCalendarOrTheDigitsSayOtherwise() {
        assertThat(DateSuffix.of("ledger_20240231")).isEmpty(); // no 31 February
        assertThat(DateSuffix.of("sales_2024")).isEmpty();
        assertThat(DateSuffix.of("account_1202401")).isEmpty(); // a longer number, not a date
        assertThat(DateSuffix.of("orders")).isEmpty();
    }
}
