package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.Settings;
import dev.schemarag.stack.EmbeddedPostgres;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The store administrator defaults to the embedded stack's development superuser only on the embedded stack's store. */
class StoreAdminDefaultsTest {
    private static final String OTHER_STORE = "jdbc:postgresql://db.example:5432/schemarag";

    @Test
    void theEmbeddedStoreDefaultsToTheEmbeddedSuperuser() {
        assertThat(Services.storeAdmin(Settings.of(Map.of())))
                .contains(new Credentials(EmbeddedPostgres.USER, EmbeddedPostgres.PASSWORD));
    }

    @Test
    void anyOtherStoreHasNoAdministratorUnlessOneIsConfigured() {
        assertThat(Services.storeAdmin(Settings.of(Map.of("store.jdbc.url", OTHER_STORE))))
                .isEmpty();
        assertThat(Services.storeAdmin(Settings.of(
                        Map.of("store.jdbc.url", OTHER_STORE, "store.admin.password", EmbeddedPostgres.PASSWORD))))
                .as("a password alone names no administrator")
                .isEmpty();
    }

    @Test
    void aConfiguredAdministratorIsUsedAsGivenAndGetsNoDefaultPasswordOnAnotherStore() {
        assertThat(Services.storeAdmin(Settings.of(Map.of(
                        "store.jdbc.url", OTHER_STORE, "store.admin.user", "dba", "store.admin.password", "s3cret"))))
                .contains(new Credentials("dba", "s3cret"));
        assertThat(Services.storeAdmin(Settings.of(Map.of("store.jdbc.url", OTHER_STORE, "store.admin.user", "dba"))))
                .get()
                .extracting(Credentials::password)
                .isEqualTo("");
    }

    @Test
    void anExplicitlyEmptyAdministratorDoesNotMigrateEvenTheEmbeddedStore() {
        assertThat(Services.storeAdmin(Settings.of(Map.of("store.admin.user", ""))))
                .isEmpty();
    }
}
