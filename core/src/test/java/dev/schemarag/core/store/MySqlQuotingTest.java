package dev.schemarag.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MySqlQuotingTest {

    @Test
    void anIdentifierIsBacktickedWithItsBackticksDoubled() {
        assertThat(MySqlQuoting.identifier("order")).isEqualTo("`order`");
        assertThat(MySqlQuoting.identifier("a`; DROP TABLE t; --")).isEqualTo("`a``; DROP TABLE t; --`");
    }

    @Test
    void aPlainNameStaysBareAndAnythingElseIsBackticked() {
        assertThat(MySqlQuoting.identifierIfNeeded("employee_id")).isEqualTo("employee_id");
        assertThat(MySqlQuoting.identifierIfNeeded("status")).isEqualTo("status"); // a keyword, not reserved
        assertThat(MySqlQuoting.identifierIfNeeded("order")).isEqualTo("`order`");
        assertThat(MySqlQuoting.identifierIfNeeded("key")).isEqualTo("`key`"); // reserved on MySQL, not PostgreSQL
        assertThat(MySqlQuoting.identifierIfNeeded("offset")).isEqualTo("`offset`"); // reserved on MariaDB
        assertThat(MySqlQuoting.identifierIfNeeded("FirstName")).isEqualTo("`FirstName`");
        assertThat(MySqlQuoting.identifierIfNeeded("1st")).isEqualTo("`1st`");
        assertThat(MySqlQuoting.identifierIfNeeded("unit price")).isEqualTo("`unit price`");
        assertThat(MySqlQuoting.identifierIfNeeded("a\"b")).isEqualTo("`a\"b`");
    }

    @Test
    void aLiteralDoublesQuotesAndEscapesBackslashes() {
        assertThat(MySqlQuoting.literal("it's")).isEqualTo("'it''s'");
        assertThat(MySqlQuoting.literal("\\'; DROP TABLE t; -- ")).isEqualTo("'\\\\''; DROP TABLE t; -- '");
    }

    @Test
    void nulAndEmptyNamesAreRefused() {
        assertThatThrownBy(() -> MySqlQuoting.identifier("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MySqlQuoting.identifier("a\0b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MySqlQuoting.literal("a\0b")).isInstanceOf(IllegalArgumentException.class);
    }
}
