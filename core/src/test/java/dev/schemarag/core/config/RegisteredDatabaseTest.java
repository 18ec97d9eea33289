package dev.schemarag.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RegisteredDatabaseTest {
    private static final Credentials ADMIN = new Credentials("u", "p");

    @Test
    void hostPortAndNameComeFromTheJdbcUrl() {
        RegisteredDatabase db = new RegisteredDatabase(
                "erp", "jdbc:postgresql://db.internal:6543/erp_prod?ssl=true", ADMIN, null, List.of(), null, null);
        assertThat(db.host()).isEqualTo("db.internal");
        assertThat(db.port()).isEqualTo(6543);
        assertThat(db.databaseName()).isEqualTo("erp_prod");
        assertThat(db.schemas()).containsExactly("public");
    }

    @Test
    void theDefaultPortIs5432() {
        assertThat(new RegisteredDatabase("a", "jdbc:postgresql://localhost/a", ADMIN, null, List.of("s"), null, null)
                        .port())
                .isEqualTo(5432);
    }

    @Test
    void aUrlWithoutHostMeansTheDriversDefaultsLocalhostAnd5432() {
        RegisteredDatabase db = new RegisteredDatabase("a", "jdbc:postgresql:erp", ADMIN, null, List.of(), null, null);
        assertThat(db.host()).isEqualTo("localhost");
        assertThat(db.port()).isEqualTo(5432);
        assertThat(db.databaseName()).isEqualTo("erp");
    }

    @Test
    void aMultiHostUrlNamesItsFirstHostAndThatHostsPort() {
        RegisteredDatabase db = new RegisteredDatabase(
                "a",
                "jdbc:postgresql://primary:6000,standby/erp?targetServerType=primary",
                ADMIN,
                null,
                List.of(),
                null,
                null);
        assertThat(db.host()).isEqualTo("primary");
        assertThat(db.port()).isEqualTo(6000);
        assertThat(db.databaseName()).isEqualTo("erp");
    }

    @Test
    void aPercentEncodedDatabaseNameIsDecoded() {
        assertThat(new RegisteredDatabase("a", "jdbc:postgresql://h/my%20db", ADMIN, null, List.of(), null, null)
                        .databaseName())
                .isEqualTo("my db");
    }

    @Test
    void aUrlTheDriverCannotReadIsRejected() {
        assertThatThrownBy(() -> new RegisteredDatabase(
                        "x", "jdbc:postgresql://h:notaport/d", ADMIN, null, List.of(), null, null))
                .hasMessageContaining("x")
                .hasMessageContaining("cannot read");
    }

    @Test
    void anIdWithSpacesOrAUrlOfAnUnknownDriverIsRejected() {
        assertThatThrownBy(() ->
                        new RegisteredDatabase("my db", "jdbc:postgresql://h/d", ADMIN, null, List.of(), null, null))
                .hasMessageContaining("my db");
        assertThatThrownBy(
                        () -> new RegisteredDatabase("x", "jdbc:sqlserver://h/d", ADMIN, null, List.of(), null, null))
                .hasMessageContaining("jdbc:postgresql:, jdbc:mysql: or jdbc:mariadb:");
    }

    @Test
    void aMariaDbUrlGivesHostPortAndDatabaseWhichIsItsOnlySchema() {
        RegisteredDatabase db = new RegisteredDatabase(
                "shop", "jdbc:mariadb://db.internal:3307/shop_eu?useSsl=true", ADMIN, null, List.of(), null, null);

        assertThat(db.dialect()).isEqualTo(SqlDialect.MARIADB);
        assertThat(db.host()).isEqualTo("db.internal");
        assertThat(db.port()).isEqualTo(3307);
        assertThat(db.databaseName()).isEqualTo("shop_eu");
        assertThat(db.schemas()).containsExactly("shop_eu");
    }

    @Test
    void aMySqlUrlWithoutPortMeans3306AndOneWithoutDatabaseIsRejected() {
        assertThat(new RegisteredDatabase("s", "jdbc:mysql://h/sales", ADMIN, null, List.of(), null, null).port())
                .isEqualTo(3306);
        assertThatThrownBy(
                        () -> new RegisteredDatabase("s", "jdbc:mysql://h:3306/", ADMIN, null, List.of(), null, null))
                .hasMessageContaining("jdbc:mysql://host[:port]/database");
    }

    @Test
    void aMissingLoginFailsOnlyWhereItIsNeededNamingTheDatabase() {
        RegisteredDatabase ingestOnly =
                new RegisteredDatabase("sales", "jdbc:postgresql://h/d", ADMIN, null, List.of(), null, null);
        RegisteredDatabase generationOnly =
                new RegisteredDatabase("sales", "jdbc:postgresql://h/d", null, ADMIN, List.of(), null, null);

        assertThat(ingestOnly.requireAdmin()).isEqualTo(ADMIN);
        assertThatThrownBy(ingestOnly::requireReader)
                .hasMessageContaining("sales")
                .hasMessageContaining("\"reader\"");
        assertThat(generationOnly.requireReader()).isEqualTo(ADMIN);
        assertThatThrownBy(generationOnly::requireAdmin)
                .hasMessageContaining("sales")
                .hasMessageContaining("\"admin\"");
    }

    @Test
    void passwordsNeverAppearInTheTextOfARegistration() {
        RegisteredDatabase db = new RegisteredDatabase(
                "erp",
                "jdbc:postgresql://h/d",
                new Credentials("admin", "s3cret-admin"),
                new Credentials("reader", "s3cret-reader"),
                List.of(),
                null,
                null);

        assertThat(db.toString()).contains("admin", "reader").doesNotContain("s3cret");
    }
}
