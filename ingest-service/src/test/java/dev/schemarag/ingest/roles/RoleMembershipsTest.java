package dev.schemarag.ingest.roles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.ingest.roles.RoleMemberships.Membership;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoleMembershipsTest {
    private static final Set<String> MAPPED = Set.of("sales");
    private static final Membership SALES_IN_PAYROLL =
            new Membership("sales", "payroll_reader", "{\"admin_option\": false}");

    private static RoleMemberships salesAlone() {
        return new RoleMemberships(MAPPED, Map.of("sales", "16384,false,true"), Set.of());
    }

    private static RoleMemberships salesInPayroll() {
        return new RoleMemberships(
                MAPPED,
                Map.of("sales", "16384,false,true", "payroll_reader", "16390,false,true"),
                Set.of(SALES_IN_PAYROLL));
    }

    @Test
    void theSameReadingIsNoChange() {
        assertThat(salesInPayroll().changeSince(salesInPayroll())).isEmpty();
    }

    @Test
    void aNewMembershipIsAGrantAndItsRemovalARevoke() {
        assertThat(salesInPayroll().changeSince(salesAlone())).contains("GRANT ROLE");
        assertThat(salesAlone().changeSince(salesInPayroll())).contains("REVOKE ROLE");
    }

    @Test
    void aChangedInheritFlagIsAnAlterRole() {
        RoleMemberships noInherit = new RoleMemberships(
                MAPPED,
                Map.of("sales", "16384,false,false", "payroll_reader", "16390,false,true"),
                Set.of(SALES_IN_PAYROLL));
        assertThat(noInherit.changeSince(salesInPayroll())).contains("ALTER ROLE");
        assertThat(salesInPayroll().changeSince(noInherit)).contains("ALTER ROLE");
    }

    @Test
    void aGrantsOptionsCountAsAChange() {
        RoleMemberships withoutInherit = new RoleMemberships(
                MAPPED,
                salesInPayroll().roles(),
                Set.of(new Membership(
                        "sales", "payroll_reader", "{\"admin_option\": false, \"inherit_option\": false}")));
        assertThat(withoutInherit.changeSince(salesInPayroll())).contains("ALTER ROLE");
    }

    @Test
    void aRoleDroppedAndCreatedAgainUnderTheSameNameIsAnAlterRole() {
        RoleMemberships recreated = new RoleMemberships(
                MAPPED,
                Map.of("sales", "16384,false,true", "payroll_reader", "17001,false,true"),
                Set.of(SALES_IN_PAYROLL));
        assertThat(recreated.changeSince(salesInPayroll())).contains("ALTER ROLE");
    }

    @Test
    void aGrantAndARevokeBetweenTwoReadingsIsAnAlterRole() {
        RoleMemberships swapped = new RoleMemberships(
                MAPPED,
                Map.of("sales", "16384,false,true", "hr_reader", "16400,false,true"),
                Set.of(new Membership("sales", "hr_reader", "{\"admin_option\": false}")));
        assertThat(swapped.changeSince(salesInPayroll())).contains("ALTER ROLE");
    }

    @Test
    void anotherSetOfMappedRolesIsAChangeEvenWithTheSameMemberships() {
        RoleMemberships remapped =
                new RoleMemberships(Set.of("sales", "hr"), salesAlone().roles(), Set.of());
        assertThat(remapped.changeSince(salesAlone())).contains("ALTER ROLE");
    }
}
