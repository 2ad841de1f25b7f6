package services.knowledge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.typesense.model.CollectionResponse;
import org.typesense.model.CollectionSchema;
import org.typesense.model.Field;

/** The {@code system_knowledge} schema of formats.md part 2, and how an existing collection differs from it. */
final class TypesenseSchema {

    /** name → type, facet, optional. */
    private record Spec(String type, boolean facet, boolean optional) {
    }

    private TypesenseSchema() {
    }

    private static Map<String, Spec> fields() {
        Map<String, Spec> f = new LinkedHashMap<>();
        f.put("id", new Spec("string", false, false));
        f.put("type", new Spec("string", true, false));
        f.put("title", new Spec("string", false, false));
        f.put("content", new Spec("string", false, false));
        f.put("source", new Spec("string", false, true));
        f.put("project", new Spec("string", true, true));
        f.put("loop_id", new Spec("string", false, true));
        f.put("status", new Spec("string", true, true));
        f.put("score", new Spec("int32", false, true));
        f.put("tags", new Spec("string[]", true, true));
        f.put("created_at", new Spec("int64", false, false));
        f.put("embedding", new Spec("float[]", false, true));
        return f;
    }

    static CollectionSchema schema(String name, int dimensions) {
        CollectionSchema schema = new CollectionSchema().name(name).defaultSortingField("created_at")
                .enableNestedFields(false);
        fields().forEach((field, spec) -> {
            Field f = new Field().name(field).type(spec.type());
            if (spec.facet()) {
                f.facet(true);
            }
            if (spec.optional()) {
                f.optional(true);
            }
            if (field.equals("embedding")) {
                f.numDim(dimensions);
            }
            schema.addFieldsItem(f);
        });
        return schema;
    }

    /** One line per difference; empty when the collection has the schema. */
    static List<String> drift(String name, CollectionResponse found, int dimensions) {
        List<String> out = new ArrayList<>();
        Map<String, Spec> expected = fields();
        Map<String, Field> actual = new LinkedHashMap<>();
        if (found.getFields() != null) {
            found.getFields().forEach(f -> actual.put(f.getName(), f));
        }
        expected.forEach((field, spec) -> {
            Field f = actual.get(field);
            if (f == null) {
                if (!field.equals("id")) { // Typesense may leave the implicit id out of the fields it lists
                    out.add("schema drift in " + name + ": field " + field + " (" + spec.type() + ") is missing");
                }
                return;
            }
            if (!spec.type().equals(f.getType())) {
                out.add("schema drift in " + name + ": field " + field + " is " + f.getType() + ", expected " + spec.type());
            }
            if (spec.facet() && !Boolean.TRUE.equals(f.isFacet())) {
                out.add("schema drift in " + name + ": field " + field + " is not a facet");
            }
            if (spec.optional() != Boolean.TRUE.equals(f.isOptional()) && !field.equals("id")) {
                out.add("schema drift in " + name + ": field " + field + (spec.optional() ? " is required, expected optional"
                        : " is optional, expected required"));
            }
            if (field.equals("embedding") && !Objects.equals(f.getNumDim(), dimensions)) {
                out.add("schema drift in " + name + ": embedding has " + f.getNumDim() + " dimensions, the workspace says "
                        + dimensions);
            }
        });
        actual.keySet().stream().filter(k -> !expected.containsKey(k))
                .forEach(k -> out.add("schema drift in " + name + ": extra field " + k + " (kept)"));
        if (!"created_at".equals(found.getDefaultSortingField())) {
            out.add("schema drift in " + name + ": default_sorting_field is " + found.getDefaultSortingField()
                    + ", expected created_at");
        }
        return out;
    }
}
