package dev.schemarag.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.store.MySqlGrants.CapturePrivilege;
import java.util.List;
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

    @Test
    void captureNeedsItsFourPrivilegesGloballyUnderEitherServersNames() {
        // MariaDB 10.5+ prints REPLICATION CLIENT as BINLOG MONITOR.
        assertThat(MySqlGrants.missingForCapture(
                        List.of("GRANT SELECT, RELOAD, BINLOG MONITOR, REPLICATION SLAVE ON *.* TO `c`@`127.0.0.1`")))
                .isEmpty();
        assertThat(MySqlGrants.missingForCapture(
                        List.of("GRANT SELECT, RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO 'c'@'%'")))
                .isEmpty();
        assertThat(MySqlGrants.missingForCapture(List.of("GRANT ALL PRIVILEGES ON *.* TO `a`@`%` WITH GRANT OPTION")))
                .isEmpty();
    }

    @Test
    void aGrantOnOneDatabaseOrAMissingPrivilegeIsReported() {
        assertThat(MySqlGrants.missingForCapture(
                        List.of("GRANT USAGE ON *.* TO `c`@`%`", "GRANT ALL PRIVILEGES ON `erp`.* TO `c`@`%`")))
                .containsExactlyInAnyOrder(CapturePrivilege.values());
        assertThat(MySqlGrants.missingForCapture(List.of("GRANT SELECT, REPLICATION SLAVE ON *.* TO `c`@`%`")))
                .containsExactlyInAnyOrder(CapturePrivilege.RELOAD, CapturePrivilege.REPLICATION_CLIENT);
        // SLAVE MONITOR is not REPLICATION SLAVE, though one name holds the other.
        assertThat(MySqlGrants.missingForCapture(List.of("GRANT SELECT, RELOAD, SLAVE MONITOR ON *.* TO `c`@`%`")))
                .contains(CapturePrivilege.REPLICATION_SLAVE);
    }
}
