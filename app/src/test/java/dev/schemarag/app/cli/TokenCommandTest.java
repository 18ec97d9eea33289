package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.admin.PrincipalTokens;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TokenCommandTest {
    @Test
    void eachAddPrintsANewTokenOnceThatTheFileThenMapsToItsPrincipal(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("conf/principal-tokens");

        String sales = add("sales", file);
        String hr = add("hr", file);

        PrincipalTokens tokens = PrincipalTokens.load(file.toString());
        assertThat(sales).matches("[A-Za-z0-9_-]{43}").isNotEqualTo(hr);
        assertThat(tokens.principalOf(sales)).hasValue("sales");
        assertThat(tokens.principalOf(hr)).hasValue("hr");
        assertThat(Files.readString(file)).doesNotContain(sales).doesNotContain(hr);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
    }

    private static String add(String principal, Path file) {
        StringWriter out = new StringWriter();
        int exit = SchemaRagCli.commandLine()
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(Writer.nullWriter()))
                .execute("token", "add", principal, "--file", file.toString());
        assertThat(exit).isZero();
        return out.toString().strip();
    }
}
