package dev.schemarag.ingest.roles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.events.ChangeKind;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.ingest.changes.SchemaChangeMapper;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoleMembershipCaptureTest {
    private static final Credentials LOGIN = new Credentials("u", "p");
    private static final RegisteredDatabase ERP = database("erp", "jdbc:postgresql://localhost/erp")
            .withPrincipals(new Principals(Map.of("sales", "sales_role"), "guest_role"));

    /** What the roles of each database are members of, as the test sets it. */
    private final Map<String, Set<RoleMemberships.Membership>> grants = new HashMap<>();

    private final List<SchemaChanged> published = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    private List<RegisteredDatabase> registered = List.of(ERP);
    private boolean kafkaDown;
    private int reads;

    private final RoleMembershipCapture capture = new RoleMembershipCapture(
            () -> registered,
            (db, roles) -> {
                reads++;
                return new RoleMemberships(roles, Map.of(), grants.getOrDefault(db.id(), Set.of()));
            },
            (key, change) -> {
                if (kafkaDown) throw new IllegalStateException("broker unreachable");
                keys.add(key);
                published.add(change);
            },
            Clock.fixed(Instant.parse("2026-11-28T00:00:00Z"), ZoneOffset.UTC));

    @Test
    void theFirstReadingIsABaselineAndAnUnchangedOneIsSilent() {
        grants.put("erp", Set.of(member("sales_role", "payroll_reader")));
        assertThat(capture.poll()).isEmpty();
        assertThat(capture.poll()).isEmpty();
        assertThat(published).isEmpty();
        assertThat(reads).isEqualTo(2);
    }

    @Test
    void aGrantedAndARevokedMembershipArePublishedAsAccessChangesOfTheWholeDatabase() {
        capture.poll();
        grants.put("erp", Set.of(member("sales_role", "payroll_reader")));
        assertThat(capture.poll()).containsExactly("erp");
        grants.put("erp", Set.of());
        assertThat(capture.poll()).containsExactly("erp");

        assertThat(published).extracting(SchemaChanged::getCommandTag).containsExactly("GRANT ROLE", "REVOKE ROLE");
        SchemaChanged grant = published.get(0);
        assertThat(SchemaChangeMapper.changesAccess(grant.getCommandTag())).isTrue();
        assertThat(grant.getDatabaseId()).isEqualTo("erp");
        assertThat(grant.getChangeKind()).isEqualTo(ChangeKind.OTHER);
        assertThat(grant.getSchema$()).isEmpty();
        assertThat(grant.getTable()).isEmpty();
        assertThat(grant.getTimestamp()).isEqualTo(Instant.parse("2026-11-28T00:00:00Z"));
        // On the captured GRANT's key, so that both kinds of access change of one database stay in order.
        assertThat(keys).containsOnly(SchemaChangeMapper.key("erp", "", ""));
    }

    @Test
    void aChangeThatCouldNotBePublishedIsPublishedAtTheNextPoll() {
        capture.poll();
        grants.put("erp", Set.of(member("sales_role", "payroll_reader")));
        kafkaDown = true;
        assertThat(capture.poll()).isEmpty();
        kafkaDown = false;
        assertThat(capture.poll()).containsExactly("erp");
        assertThat(published).extracting(SchemaChanged::getCommandTag).containsExactly("GRANT ROLE");
    }

    @Test
    void aDatabaseThatCannotBeReadLeavesTheOthersAlone() {
        RegisteredDatabase down = database("down", "jdbc:postgresql://localhost/down")
                .withPrincipals(new Principals(Map.of("sales", "sales_role"), null));
        RoleMembershipCapture partial = new RoleMembershipCapture(
                () -> List.of(down, ERP),
                (db, roles) -> {
                    if (db.id().equals("down")) throw new java.sql.SQLException("connection refused", "08001");
                    return new RoleMemberships(roles, Map.of(), grants.getOrDefault(db.id(), Set.of()));
                },
                (key, change) -> published.add(change),
                Clock.systemUTC());
        partial.poll();
        grants.put("erp", Set.of(member("sales_role", "payroll_reader")));
        assertThat(partial.poll()).containsExactly("erp");
    }

    @Test
    void databasesWithoutMappedRolesOrOfAnotherDialectAreNotProbed() {
        registered = List.of(
                database("plain", "jdbc:postgresql://localhost/plain"),
                database("maria", "jdbc:mariadb://localhost/maria")
                        .withPrincipals(new Principals(Map.of("sales", "sales_role"), null)));
        capture.poll();
        assertThat(reads).isZero();
    }

    @Test
    void theProbeReadsTheMappedRolesAndTheDefaultRole() {
        List<Set<String>> asked = new ArrayList<>();
        new RoleMembershipCapture(
                        () -> List.of(ERP),
                        (db, roles) -> {
                            asked.add(roles);
                            return new RoleMemberships(roles, Map.of(), Set.of());
                        },
                        (key, change) -> {},
                        Clock.systemUTC())
                .poll();
        assertThat(asked).containsExactly(Set.of("sales_role", "guest_role"));
    }

    @Test
    void aDatabaseRegisteredAgainStartsFromANewBaseline() {
        capture.poll();
        registered = List.of();
        capture.poll();
        grants.put("erp", Set.of(member("sales_role", "payroll_reader")));
        registered = List.of(ERP);
        // Its registration change re-read its privileges; the probe takes a new baseline instead of replaying.
        assertThat(capture.poll()).isEmpty();
        assertThat(published).isEmpty();
    }

    private static RoleMemberships.Membership member(String member, String role) {
        return new RoleMemberships.Membership(member, role, "{\"admin_option\": false}");
    }

    private static RegisteredDatabase database(String id, String url) {
        return new RegisteredDatabase(id, url, LOGIN, LOGIN, List.of("public"), null, null);
    }
}
