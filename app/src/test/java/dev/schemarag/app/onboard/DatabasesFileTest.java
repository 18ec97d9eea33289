package dev.schemarag.app.onboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.schemarag.core.config.Principals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabasesFileTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void addCreatesTheFileOwnerReadableAndKeepsHandWrittenEntriesAsWritten(@TempDir Path dir) throws Exception {
        Path path = dir.resolve("conf/databases.json");
        Files.createDirectories(path.getParent());
        Files.writeString(path, """
                [{"id": "erp", "jdbcUrl": "jdbc:postgresql://h/erp", "user": "admin", "password": "pw",
                  "comment": "kept"}]""");
        DatabasesFile file = new DatabasesFile(path);

        file.add(entry("sales"));

        assertThat(file.registry().all()).extracting(d -> d.id()).containsExactly("erp", "sales");
        assertThat(file.registry().find("sales").orElseThrow().cdc().user()).isEqualTo("sales_cdc");
        assertThat(file.find("erp").orElseThrow().path("comment").asText()).isEqualTo("kept");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path)))
                .isEqualTo("rw-------");
    }

    @Test
    void anIdIsRegisteredOnceAndRemovedOnce(@TempDir Path dir) throws Exception {
        DatabasesFile file = new DatabasesFile(dir.resolve("databases.json"));
        file.add(entry("sales"));

        assertThatThrownBy(() -> file.add(entry("sales"))).hasMessageContaining("registered already");
        assertThat(file.remove("sales")).isTrue();
        assertThat(file.remove("sales")).isFalse();
        assertThat(file.registry().all()).isEmpty();
    }

    @Test
    void anEntryTheServicesCouldNotReadIsNotWritten(@TempDir Path dir) throws Exception {
        DatabasesFile file = new DatabasesFile(dir.resolve("databases.json"));
        ObjectNode bad = entry("sales").put("jdbcUrl", "jdbc:oracle:thin:@h:1521/sales");

        assertThatThrownBy(() -> file.add(bad)).hasMessageContaining("jdbc:postgresql:");
        assertThat(dir.resolve("databases.json")).doesNotExist();
    }

    @Test
    void principalsAreMappedAndUnmappedInTheEntryAndReadBackAsTheServicesReadThem(@TempDir Path dir) throws Exception {
        DatabasesFile file = new DatabasesFile(dir.resolve("databases.json"));
        file.add(entry("sales").put("defaultRole", "guest_role"));

        assertThat(file.mapPrincipal("sales", "hr", "hr_role")).isTrue();
        assertThat(file.mapPrincipal("sales", "ann", "sales_role")).isTrue();
        assertThat(file.mapPrincipal("sales", "hr", null)).isTrue();
        assertThat(file.mapPrincipal("nowhere", "hr", "hr_role")).isFalse();

        Principals principals = file.registry().find("sales").orElseThrow().principals();
        assertThat(principals.roles()).isEqualTo(Map.of("ann", "sales_role"));
        assertThat(principals.defaultRole()).isEqualTo("guest_role");
        assertThatThrownBy(() -> file.mapPrincipal("sales", "bob", " ")).hasMessageContaining("must not be empty");
        assertThat(file.registry().find("sales").orElseThrow().principals().roles())
                .containsOnlyKeys("ann");
    }

    private static ObjectNode entry(String id) {
        ObjectNode entry = JSON.createObjectNode().put("id", id).put("jdbcUrl", "jdbc:postgresql://h/" + id);
        entry.putObject("admin").put("user", "admin").put("password", "pw");
        entry.putObject("cdc").put("user", id + "_cdc").put("password", "pw");
        return entry;
    }
}
