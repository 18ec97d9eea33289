package dev.schemarag.generation.validation;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Visits every node of a JSqlParser tree. JSqlParser's own visitor adapters skip parts of the tree (ORDER BY
 * expressions, window clauses, some dialect nodes), which a security allowlist cannot afford, so this walks the
 * object graph by reflection: every field of a JSqlParser object, through lists, maps and arrays, once per node.
 */
final class AstNodes {

    /** Callback for {@link #walk}; {@code enter} returns whether to descend into the node's children. */
    interface Visitor {
        boolean enter(Object node);

        default void exit(Object node) {}
    }

    private static final String AST_PACKAGE = "net.sf.jsqlparser.";
    // Parser internals (tokens, CST nodes) link every node to its neighbours; they are not part of the AST.
    private static final String PARSER_PACKAGE = "net.sf.jsqlparser.parser.";

    private static final ClassValue<List<Field>> CHILD_FIELDS = new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = type; c != null && isAstClass(c); c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    if (Modifier.isStatic(field.getModifiers())
                            || field.getType().isPrimitive()) continue;
                    if (!field.trySetAccessible()) {
                        throw new IllegalStateException("cannot inspect " + c.getName() + "." + field.getName());
                    }
                    fields.add(field);
                }
            }
            return List.copyOf(fields);
        }
    };

    private AstNodes() {}

    static void walk(Object root, Visitor visitor) {
        visit(root, visitor, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    /** Walks {@code root}'s subtree without entering nested queries (any node of type {@code stopAt} below the root). */
    static void walkWithin(Object root, Class<?> stopAt, Visitor visitor) {
        walk(root, new Visitor() {
            @Override
            public boolean enter(Object node) {
                return inside(node) && visitor.enter(node);
            }

            @Override
            public void exit(Object node) {
                if (inside(node)) visitor.exit(node);
            }

            private boolean inside(Object node) {
                return node == root || !stopAt.isInstance(node);
            }
        });
    }

    private static void visit(Object value, Visitor visitor, Set<Object> seen) {
        if (value == null) return;
        if (value instanceof Collection<?> collection) {
            for (Object element : collection) visit(element, visitor, seen);
        } else if (value instanceof Map<?, ?> map) {
            for (Object element : map.values()) visit(element, visitor, seen);
        } else if (value instanceof Object[] array) {
            for (Object element : array) visit(element, visitor, seen);
        } else if (!(value instanceof Enum<?>) && isAstClass(value.getClass()) && seen.add(value)) {
            if (visitor.enter(value)) {
                for (Field field : CHILD_FIELDS.get(value.getClass())) visit(read(field, value), visitor, seen);
            }
            visitor.exit(value);
        }
    }

    private static Object read(Field field, Object owner) {
        try {
            return field.get(owner);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + field, e);
        }
    }

    private static boolean isAstClass(Class<?> type) {
        String name = type.getName();
        return name.startsWith(AST_PACKAGE) && !name.startsWith(PARSER_PACKAGE);
    }
}
