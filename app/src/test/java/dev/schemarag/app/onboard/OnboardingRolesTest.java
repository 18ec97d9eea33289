package dev.schemarag.app.onboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OnboardingRolesTest {
    @Test
    void eachDatabaseGetsItsOwnReaderAndReplicationRoleNamedAfterItsSlot() {
        assertThat(OnboardingRoles.defaults("Sales-EU", null))
                .isEqualTo(new OnboardingRoles("schemarag_sales_eu_reader", "schemarag_sales_eu_cdc"));
        assertThat(OnboardingRoles.defaults("sales", "bi_reader").reader()).isEqualTo("bi_reader");
    }

    @Test
    void anIdWhoseRoleNamesPostgresWouldCutIsRefused() {
        assertThatThrownBy(() -> OnboardingRoles.defaults("x".repeat(50), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("63 bytes");
    }
}
