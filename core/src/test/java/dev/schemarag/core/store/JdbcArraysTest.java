package dev.schemarag.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.sql.Array;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class JdbcArraysTest {
    @Test
    void aTextArrayReadsAsItsElementsInOrder() throws SQLException {
        assertThat(JdbcArrays.strings(textArray("public.orders", "customers")))
                .containsExactly("public.orders", "customers");
        assertThat(JdbcArrays.stringsOrNull(textArray("a"))).containsExactly("a");
    }

    @Test
    void sqlNullIsEmptyOrNullAsTheCallerAsks() throws SQLException {
        assertThat(JdbcArrays.strings(null)).isEmpty();
        assertThat(JdbcArrays.stringsOrNull(null)).isNull();
    }

    @Test
    void theListCannotBeChanged() throws SQLException {
        List<String> read = JdbcArrays.strings(textArray("a", "b"));

        assertThatThrownBy(() -> read.add("c")).isInstanceOf(UnsupportedOperationException.class);
    }

    /** A driver's array of {@code text}: only {@link Array#getArray()} is read. */
    private static Array textArray(String... elements) {
        return (Array) Proxy.newProxyInstance(
                Array.class.getClassLoader(), new Class<?>[] {Array.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getArray") && args == null) return elements.clone();
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
