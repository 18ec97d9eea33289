package dev.schemarag.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MySqlUrlTest {

    @Test
    void theFirstHostOfAFailOverListIsThePrimary() {
        assertThat(MySqlUrl.parse("jdbc:mariadb://a.example:3307,b.example:3308/sales?connectTimeout=5000"))
                .contains(new MySqlUrl("a.example", 3307, "sales"));
    }

    @Test
    void anIpv6HostStaysBracketedAndThePortDefaultsTo3306() {
        assertThat(MySqlUrl.parse("jdbc:mysql://[::1]/erp")).contains(new MySqlUrl("[::1]", 3306, "erp"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "jdbc:mysql://h/",
                "jdbc:mysql://h:99999/d",
                "jdbc:mysql://user:pw@h/d",
                "jdbc:postgresql://h/d",
                "jdbc:mysql:loadbalance://a,b/d",
                "jdbc:mariadb://h/d/extra"
            })
    void aUrlWithoutADatabaseOrOfAnotherFormIsNotRead(String url) {
        assertThat(MySqlUrl.parse(url)).isEmpty();
    }
}
