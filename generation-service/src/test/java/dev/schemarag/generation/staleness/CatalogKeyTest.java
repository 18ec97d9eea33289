package dev.schemarag.generation.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogKeyTest {

    @Test
    void aKeyNamesItsDatabaseSchemaAndTable() {
        assertThat(CatalogKey.parse("erp.public.employees", List.of("erp", "sales")))
                .contains(new CatalogKey("erp", "public", "employees"));
    }

    @Test
    void aDatabaseIdWithDotsIsTheLongestRegisteredIdTheKeyStartsWith() {
        assertThat(CatalogKey.parse("erp.eu.hr.employees", List.of("erp", "erp.eu")))
                .contains(new CatalogKey("erp.eu", "hr", "employees"));
    }

    @Test
    void aKeyOfNoRegisteredDatabaseOrWithoutATableIsNoTable() {
        assertThat(CatalogKey.parse("crm.public.accounts", List.of("erp"))).isEmpty();
        assertThat(CatalogKey.parse("erp.public", List.of("erp"))).isEmpty();
        assertThat(CatalogKey.parse("erp.public.", List.of("erp"))).isEmpty();
        assertThat(CatalogKey.parse(null, List.of("erp"))).isEmpty();
    }
}
