package dev.schemarag.ingest.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.TableName;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GenericColumnsTest {
    private static final TableName EMPLOYEES = new TableName("public", "employees");
    private static final TableName CATEGORIES = new TableName("public", "categories");
    private final GenericColumns generic = GenericColumns.defaults();

    @Test
    void aDefaultWordIsGenericInAnyCase() {
        assertThat(generic.isGeneric(EMPLOYEES, "status")).isTrue();
        assertThat(generic.isGeneric(EMPLOYEES, "Created_At")).isTrue();
    }

    @Test
    void aWordPrefixedByTheTableOrItsSingularIsGeneric() {
        assertThat(generic.isGeneric(EMPLOYEES, "employee_id")).isTrue();
        assertThat(generic.isGeneric(EMPLOYEES, "employees_status")).isTrue();
        assertThat(generic.isGeneric(CATEGORIES, "category_name")).isTrue();
    }

    @Test
    void aWordPrefixedByAnotherEntityIsInformative() {
        assertThat(generic.isGeneric(EMPLOYEES, "department_id")).isFalse();
        assertThat(generic.isGeneric(EMPLOYEES, "hire_date")).isFalse();
    }

    @Test
    void theVocabularyIsConfigurable() {
        GenericColumns custom = new GenericColumns(Set.of("Tenant_Id"));

        assertThat(custom.isGeneric(EMPLOYEES, "tenant_id")).isTrue();
        assertThat(custom.isGeneric(EMPLOYEES, "status")).isFalse();
    }
}
