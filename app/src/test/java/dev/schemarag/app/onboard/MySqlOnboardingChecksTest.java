package dev.schemarag.app.onboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.app.onboard.OnboardingChecks.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

class MySqlOnboardingChecksTest {
    private static final OnboardingRoles ROLES = OnboardingRoles.defaults("erp", null);

    private static MySqlServerFacts facts(
            String version, boolean logBin, String format, String image, long serverId, List<String> missing) {
        return new MySqlServerFacts(version, logBin, format, image, serverId, missing, "10.0.0.5", false, false);
    }

    @Test
    void aServerReadyForBinlogCaptureHasNoProblem() {
        assertThat(MySqlOnboardingChecks.problems(
                        facts("10.11.19-MariaDB-0+deb12u1", true, "ROW", "FULL", 1, List.of()), ROLES))
                .isEmpty();
    }

    @Test
    void eachBinlogSettingCaptureNeedsIsAProblemWithTheSettingThatFixesIt() {
        List<Problem> problems = MySqlOnboardingChecks.problems(
                facts("8.0.36", false, "STATEMENT", "MINIMAL", 0, List.of("erp")), ROLES);

        assertThat(problems)
                .extracting(Problem::what)
                .containsExactly(
                        "the binary log is off (log_bin), change capture reads it",
                        "binlog_format is STATEMENT, change capture needs ROW",
                        "binlog_row_image is MINIMAL, change capture needs FULL",
                        "server_id is 0: the server refuses replicas, change capture reads the binlog as one",
                        "database erp does not exist on the server");
        assertThat(problems.get(1).fix()).contains("SET GLOBAL binlog_format = 'ROW'");
        assertThat(problems.get(2).fix()).contains("binlog_row_image=FULL");
        assertThat(problems.get(3).fix()).contains("SET GLOBAL server_id");
        assertThat(problems.get(4).fix()).contains("--schemas");
    }

    @Test
    void userNamesPastTheServersLimitAreRefusedNotCut() {
        OnboardingRoles longRoles = OnboardingRoles.defaults("a_rather_long_database_id", null);
        assertThat(MySqlOnboardingChecks.problems(facts("8.0.36", true, "ROW", "FULL", 1, List.of()), longRoles))
                .extracting(Problem::what)
                .containsExactly(
                        "user name schemarag_a_rather_long_database_id_reader is longer than the server's 32 characters",
                        "user name schemarag_a_rather_long_database_id_cdc is longer than the server's 32 characters");
        assertThat(MySqlOnboardingChecks.problems(
                        facts("10.11.19-MariaDB", true, "ROW", "FULL", 1, List.of()), longRoles))
                .isEmpty();
    }

    @Test
    void aCaptureLoginLackingPrivilegesGetsTheGrantThatAddsThem() {
        assertThat(MySqlOnboardingChecks.capture(
                        "schemarag_erp_cdc",
                        "10.0.0.5",
                        List.of("GRANT SELECT ON *.* TO `schemarag_erp_cdc`@`10.0.0.5`")))
                .singleElement()
                .satisfies(p -> assertThat(p.what())
                        .isEqualTo("capture login schemarag_erp_cdc lacks RELOAD, REPLICATION SLAVE, REPLICATION CLIENT"
                                + " on *.*"))
                .satisfies(p -> assertThat(p.fix())
                        .isEqualTo("have an administrator run GRANT RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON"
                                + " *.* TO 'schemarag_erp_cdc'@'10.0.0.5';"));
        assertThat(MySqlOnboardingChecks.capture(
                        "c", "%", List.of("GRANT SELECT, RELOAD, BINLOG MONITOR, REPLICATION SLAVE ON *.* TO `c`@`%`")))
                .isEmpty();
    }

    @Test
    void aReaderHoldingMoreThanSelectIsAProblemShownWithoutItsPasswordHash() {
        assertThat(MySqlOnboardingChecks.reader(
                        "r",
                        List.of(
                                "GRANT USAGE ON *.* TO `r`@`%` IDENTIFIED BY PASSWORD '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9'",
                                "GRANT SELECT, INSERT ON `erp`.* TO `r`@`%`")))
                .singleElement()
                .extracting(Problem::what)
                .isEqualTo("reader r holds more than SELECT: GRANT SELECT, INSERT ON `erp`.* TO `r`@`%`");
        assertThat(MySqlOnboardingChecks.withoutPassword(
                        "GRANT ALL PRIVILEGES ON *.* TO `r`@`%` IDENTIFIED BY PASSWORD '*6BB4'"))
                .isEqualTo("GRANT ALL PRIVILEGES ON *.* TO `r`@`%`");
    }
}
