package dev.schemarag.app.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MySqlCheckupTest {

    @Test
    void theLoginAndSelectGrantsAreSelectOnly() {
        assertThat(MySqlCheckup.selectOnly("GRANT USAGE ON *.* TO `r`@`127.0.0.1` IDENTIFIED BY PASSWORD '*AB'"))
                .isTrue();
        assertThat(MySqlCheckup.selectOnly("GRANT SELECT ON `erp_maria`.* TO `r`@`127.0.0.1`"))
                .isTrue();
    }

    @Test
    void anyOtherPrivilegeIsNot() {
        assertThat(MySqlCheckup.selectOnly("GRANT SELECT, INSERT ON `erp_maria`.* TO `r`@`127.0.0.1`"))
                .isFalse();
        assertThat(MySqlCheckup.selectOnly("GRANT ALL PRIVILEGES ON *.* TO `r`@`127.0.0.1`"))
                .isFalse();
        assertThat(MySqlCheckup.selectOnly("GRANT `admin_role` TO `r`@`127.0.0.1`"))
                .isFalse();
    }
}
