package dev.schemarag.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MySqlGrantsTest {

    @Test
    void theLoginAndSelectGrantsAreSelectOnly() {
        assertThat(MySqlGrants.selectOnly("GRANT USAGE ON *.* TO `r`@`127.0.0.1` IDENTIFIED BY PASSWORD '*AB'"))
                .isTrue();
        assertThat(MySqlGrants.selectOnly("GRANT SELECT ON `erp_maria`.* TO `r`@`127.0.0.1`"))
                .isTrue();
    }

    @Test
    void anyOtherPrivilegeIsNot() {
        assertThat(MySqlGrants.selectOnly("GRANT SELECT, INSERT ON `erp_maria`.* TO `r`@`127.0.0.1`"))
                .isFalse();
        assertThat(MySqlGrants.selectOnly("GRANT ALL PRIVILEGES ON *.* TO `r`@`127.0.0.1`"))
                .isFalse();
        assertThat(MySqlGrants.selectOnly("GRANT `admin_role` TO `r`@`127.0.0.1`"))
                .isFalse();
        assertThat(MySqlGrants.selectOnly("GRANT SELECT ON `erp_maria`.* TO `r`@`127.0.0.1` WITH GRANT OPTION"))
                .isFalse();
    }
}
