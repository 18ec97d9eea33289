package dev.schemarag.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.BooleanSchema;
import io.swagger.v3.oas.models.media.ComposedSchema;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.NumberSchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The schema of a view record, read from the same Jackson introspection that writes its JSON: the document names
 * exactly the fields, in the order, that the API sends. Every field is required but those left out when null; a
 * field that is not a primitive may be null, and so may the items of a list whose type marks them {@link Nullable}
 * (a result's cells). A sealed interface is one of its records.
 */
public final class ViewSchemas {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ViewSchemas() {}

    /** As an OpenAPI 3.0 schema, for the web API's document. */
    static Schema<?> of(Class<?> view) {
        return of(JSON.constructType(view), null);
    }

    /**
     * As a JSON Schema (2020-12), for an MCP tool's output schema: the OpenAPI schema with {@code nullable} spelled
     * as a {@code null} type, which JSON Schema knows and OpenAPI 3.0 does not.
     */
    @SuppressWarnings("unchecked") // a schema is a JSON object
    public static Map<String, Object> jsonSchema(Class<?> view) {
        return (Map<String, Object>) nullAsType(OpenApiDocument.JSON.convertValue(of(view), Map.class));
    }

    /** @param declared the same type as declared, with its type-use annotations; null where there is none */
    private static Schema<?> of(JavaType type, AnnotatedType declared) {
        Class<?> raw = type.getRawClass();
        if (type.isCollectionLikeType()) {
            AnnotatedType item =
                    declared instanceof AnnotatedParameterizedType p ? p.getAnnotatedActualTypeArguments()[0] : null;
            Schema<?> items = of(type.getContentType(), item);
            if (item != null && item.isAnnotationPresent(Nullable.class)) items.nullable(true);
            return new ArraySchema().items(items);
        }
        if (raw == String.class || raw.isEnum()) return new StringSchema();
        if (raw == int.class || raw == long.class || raw == Integer.class || raw == Long.class)
            return new IntegerSchema();
        if (raw == double.class || raw == Double.class) return new NumberSchema();
        if (raw == boolean.class || raw == Boolean.class) return new BooleanSchema();
        if (raw.isSealed()) {
            ComposedSchema oneOf = new ComposedSchema();
            oneOf.type("object"); // what an MCP client requires of an output schema
            for (Class<?> permitted : raw.getPermittedSubclasses()) oneOf.addOneOfItem(of(permitted));
            return oneOf;
        }
        ObjectSchema object = new ObjectSchema();
        object.additionalProperties(false); // so that the records of a sealed view match one shape each
        for (BeanPropertyDefinition p :
                JSON.getSerializationConfig().introspect(type).findProperties()) {
            Schema<?> property = of(p.getPrimaryType(), declared(p));
            if (!p.getPrimaryType().isPrimitive()) property.nullable(true);
            object.addProperty(p.getName(), property);
            if (alwaysWritten(p)) object.addRequiredItem(p.getName());
        }
        return object;
    }

    /** The property's type as its accessor declares it, type-use annotations included. */
    private static AnnotatedType declared(BeanPropertyDefinition property) {
        return property.getAccessor() != null && property.getAccessor().getAnnotated() instanceof Method accessor
                ? accessor.getAnnotatedReturnType()
                : null;
    }

    private static boolean alwaysWritten(BeanPropertyDefinition p) {
        JsonInclude.Include inclusion = p.findInclusion().getValueInclusion();
        return inclusion == JsonInclude.Include.ALWAYS || inclusion == JsonInclude.Include.USE_DEFAULTS;
    }

    /** {@code nullable: true} next to {@code type: t} becomes {@code type: [t, "null"]}, at every level. */
    private static Object nullAsType(Object node) {
        if (node instanceof List<?> list)
            return list.stream().map(ViewSchemas::nullAsType).toList();
        if (!(node instanceof Map<?, ?> map)) return node;
        Map<String, Object> schema = new LinkedHashMap<>();
        map.forEach((key, value) -> schema.put((String) key, nullAsType(value)));
        if (Boolean.TRUE.equals(schema.remove("nullable"))) schema.put("type", List.of(schema.get("type"), "null"));
        return schema;
    }
}
