package dev.schemarag.core.annotations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.schema.Relationship;
import dev.schemarag.core.schema.TableName;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnnotationsLoaderTest {
    private static final TableName EMPLOYEES = new TableName("public", "employees");

    @TempDir
    Path dir;

    @Test
    void givenAFileWithEverySection_whenLoaded_thenEveryLookupAnswers() throws IOException {
        Path file = write("""
                {"modules": {"employees": "HR"},
                 "synonyms": {"employees": ["staff", "workers"], "employees.first_name": ["given name"]},
                 "descriptions": {"employees": "Everyone on the payroll.", "employees.hire_date": "First day."}}
                """);

        Annotations annotations = AnnotationsLoader.load(file);

        assertThat(annotations.module(EMPLOYEES)).contains("HR");
        assertThat(annotations.synonyms(EMPLOYEES)).containsExactly("staff", "workers");
        assertThat(annotations.synonyms(EMPLOYEES, "first_name")).containsExactly("given name");
        assertThat(annotations.description(EMPLOYEES)).contains("Everyone on the payroll.");
        assertThat(annotations.description(EMPLOYEES, "hire_date")).contains("First day.");
    }

    @Test
    void givenRelationships_whenLoaded_thenEachTableGetsTheOnesItsColumnsStart() throws IOException {
        Path file = write("""
                {"relationships": [
                   {"from": "leave_requests.approver", "to": "employees.employee_id"},
                   {"from": "hr.leave_requests.type_id", "to": "ref.leave_types.id"},
                   {"from": "Leave_Requests.Status_Id", "to": "statuses.id", "deny": true}]}
                """);

        Annotations annotations = AnnotationsLoader.load(file);

        assertThat(annotations.relationships(new TableName("hr", "leave_requests")))
                .containsExactly(
                        new Relationship(
                                List.of("approver"), new TableName("hr", "employees"), List.of("employee_id"), false),
                        new Relationship(List.of("type_id"), new TableName("ref", "leave_types"), List.of("id"), false),
                        new Relationship(List.of("status_id"), new TableName("hr", "statuses"), List.of("id"), true));
        assertThat(annotations.relationships(new TableName("archive", "leave_requests")))
                .extracting(Relationship::columns)
                .containsExactly(List.of("approver"), List.of("status_id"));
        assertThat(annotations.relationships(EMPLOYEES)).isEmpty();
    }

    @Test
    void givenARelationshipThatNamesNoColumn_whenLoaded_thenTheErrorNamesTheEntry() throws IOException {
        Path file = write("""
                {"relationships": [{"from": "leave_requests.approver", "to": "employees.employee_id"},
                                   {"from": "leave_requests", "to": "employees.employee_id"}]}
                """);

        assertThatThrownBy(() -> AnnotationsLoader.load(file))
                .isInstanceOf(AnnotationsException.class)
                .hasMessageContaining("'relationships[1]'")
                .hasMessageContaining("table.column");
    }

    @Test
    void givenARelationshipOfTheWrongShape_whenLoaded_thenTheErrorSaysTheShape() throws IOException {
        Path file = write("{\"relationships\": [{\"from\": \"a.b\", \"to\": \"c.d\", \"deny\": \"yes\"}]}");

        assertThatThrownBy(() -> AnnotationsLoader.load(file))
                .isInstanceOf(AnnotationsException.class)
                .hasMessageContaining("'relationships[0]' must be {");
    }

    @Test
    void givenAColumnsSection_whenLoaded_thenTheColumnsMarkedPiiAreKnownByTheirLowerCaseKeys() throws IOException {
        Path file = write("""
                {"columns": {"Users.Email": {"pii": true}, "hr.employees.ssn": {"pii": true},
                             "users.username": {"pii": false}, "users.phone": {}}}
                """);

        assertThat(AnnotationsLoader.load(file).piiColumns()).containsExactly("hr.employees.ssn", "users.email");
    }

    @Test
    void givenAColumnEntryThatIsNoObject_whenLoaded_thenTheErrorSaysTheShape() throws IOException {
        Path file = write("{\"columns\": {\"users.email\": true}}");

        assertThatThrownBy(() -> AnnotationsLoader.load(file))
                .isInstanceOf(AnnotationsException.class)
                .hasMessage("Annotations file " + file + ": 'columns.users.email' must be {\"pii\": true or false}");
    }

    @Test
    void givenAColumnsKeyThatNamesNoColumn_whenLoaded_thenTheErrorNamesTheKey() throws IOException {
        Path file = write("{\"columns\": {\"users\": {\"pii\": true}}}");

        assertThatThrownBy(() -> AnnotationsLoader.load(file))
                .isInstanceOf(AnnotationsException.class)
                .hasMessageContaining("'columns.users' must name a column as table.column or schema.table.column");
    }

    @Test
    void givenNoFile_whenLoaded_thenAnnotationsAreEmpty() {
        assertThat(AnnotationsLoader.load(dir.resolve("absent.json"))).isEqualTo(Annotations.empty());
    }

    @Test
    void givenMalformedJson_whenLoaded_thenTheErrorNamesTheFile() throws IOException {
        Path file = write("{\"modules\": {\"employees\": \"HR\"");

        assertThatThrownBy(() -> AnnotationsLoader.load(file))
                .isInstanceOf(AnnotationsException.class)
                .hasMessageContaining("Malformed JSON")
                .hasMessageContaining(file.toString());
    }

    @Test
    void givenAModuleThatIsNotAString_whenLoaded_thenTheErrorNamesFileAndKey() throws IOException {
        Path file = write("{\"modules\": {\"employees\": [\"HR\"]}}");

        assertThatThrownBy(() -> AnnotationsLoader.load(file))
                .isInstanceOf(AnnotationsException.class)
                .hasMessage("Annotations file " + file + ": 'modules.employees' must be a string");
    }

    @Test
    void givenAJsonArrayAtTheTop_whenLoaded_thenItIsRejected() {
        ByteArrayInputStream in = new ByteArrayInputStream("[]".getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> AnnotationsLoader.load(in, "classpath:demo/erp/modules.json"))
                .isInstanceOf(AnnotationsException.class)
                .hasMessage("Annotations file classpath:demo/erp/modules.json must hold a JSON object");
    }

    @Test
    void givenASingleStringSynonym_whenLoaded_thenItIsAOneElementList() {
        ByteArrayInputStream in =
                new ByteArrayInputStream("{\"synonyms\": {\"employees\": \"staff\"}, \"comment\": \"ignored\"}"
                        .getBytes(StandardCharsets.UTF_8));

        assertThat(AnnotationsLoader.load(in, "inline").synonyms(EMPLOYEES)).containsExactly("staff");
    }

    private Path write(String json) throws IOException {
        return Files.writeString(dir.resolve("annotations.json"), json);
    }
}
