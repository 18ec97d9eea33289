package dev.schemarag.web;

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

/**
 * The OpenAPI schema of a view record, read from the same Jackson introspection that writes its JSON: the document
 * names exactly the fields, in the order, that the API sends. A sealed interface is one of its records.
 */
final class ViewSchemas {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ViewSchemas() {}

    static Schema<?> of(Class<?> view) {
        return of(JSON.constructType(view));
    }

    private static Schema<?> of(JavaType type) {
        Class<?> raw = type.getRawClass();
        if (type.isCollectionLikeType()) return new ArraySchema().items(of(type.getContentType()));
        if (raw == String.class || raw.isEnum()) return new StringSchema();
        if (raw == int.class || raw == long.class || raw == Integer.class || raw == Long.class)
            return new IntegerSchema();
        if (raw == double.class || raw == Double.class) return new NumberSchema();
        if (raw == boolean.class || raw == Boolean.class) return new BooleanSchema();
        if (raw.isSealed()) {
            ComposedSchema oneOf = new ComposedSchema();
            for (Class<?> permitted : raw.getPermittedSubclasses()) oneOf.addOneOfItem(of(permitted));
            return oneOf;
        }
        ObjectSchema object = new ObjectSchema();
        for (BeanPropertyDefinition p :
                JSON.getSerializationConfig().introspect(type).findProperties())
            object.addProperty(p.getName(), of(p.getPrimaryType()));
        return object;
    }
}
