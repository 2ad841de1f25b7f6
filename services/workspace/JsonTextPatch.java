package services.workspace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a JSON text into the text of a changed tree by editing only what changed: a changed value is replaced where
 * it stands, a removed key is cut out with its comma, a new key is added at the end of its object in the object's
 * own indentation. Everything else — the user's spacing, line breaks and key order — stays byte for byte.
 */
final class JsonTextPatch {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonTextPatch() {
    }

    /** Where a value stands in the text; for an object, where each member starts and where it closes. */
    private record Span(int start, int end, Map<String, Member> members, int close) {
    }

    private record Member(int keyStart, Span value) {
    }

    private record Edit(int from, int to, String text) {
    }

    static String apply(String text, JsonNode before, JsonNode after) {
        if (before.equals(after)) {
            return text;
        }
        Span root;
        try (JsonParser p = FACTORY.createParser(text.toCharArray())) {
            p.nextToken();
            root = span(p);
        } catch (IOException e) {
            throw new WorkspaceException("Cannot read the JSON to change it: " + e.getMessage(), e);
        }
        List<Edit> edits = new ArrayList<>();
        patch(text, before, after, root, edits);
        edits.sort(Comparator.comparingInt(Edit::from).reversed());
        StringBuilder out = new StringBuilder(text);
        for (Edit e : edits) {
            out.replace(e.from(), e.to(), e.text());
        }
        return out.toString();
    }

    private static Span span(JsonParser p) throws IOException {
        int start = (int) p.currentTokenLocation().getCharOffset();
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            Map<String, Member> members = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                int keyStart = (int) p.currentTokenLocation().getCharOffset();
                String name = p.currentName();
                p.nextToken();
                members.put(name, new Member(keyStart, span(p)));
            }
            int close = (int) p.currentTokenLocation().getCharOffset();
            return new Span(start, close + 1, members, close);
        }
        if (t == JsonToken.START_ARRAY) {
            p.skipChildren();
            return new Span(start, (int) p.currentTokenLocation().getCharOffset() + 1, Map.of(), -1);
        }
        p.getText(); // a string is read lazily: finish it, so the location is past its closing quote
        return new Span(start, (int) p.currentLocation().getCharOffset(), Map.of(), -1);
    }

    private static void patch(String text, JsonNode before, JsonNode after, Span at, List<Edit> edits) {
        if (!before.isObject() || !after.isObject()) {
            edits.add(new Edit(at.start(), at.end(), write(after)));
            return;
        }
        List<String> keys = new ArrayList<>(at.members().keySet());
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            Member m = at.members().get(key);
            if (!after.has(key)) {
                // cut the member with the comma before it (or, for the first, the comma after it)
                if (i > 0) {
                    Member previous = at.members().get(keys.get(i - 1));
                    edits.add(new Edit(previous.value().end(), m.value().end(), ""));
                } else if (keys.size() > 1) {
                    edits.add(new Edit(m.keyStart(), at.members().get(keys.get(1)).keyStart(), ""));
                } else {
                    edits.add(new Edit(m.keyStart(), m.value().end(), ""));
                }
            } else if (!before.get(key).equals(after.get(key))) {
                patch(text, before.get(key), after.get(key), m.value(), edits);
            }
        }
        List<String> added = new ArrayList<>();
        for (Iterator<String> names = after.fieldNames(); names.hasNext(); ) {
            String key = names.next();
            if (!at.members().containsKey(key)) {
                added.add(key);
            }
        }
        if (added.isEmpty()) {
            return;
        }
        String indent = memberIndent(text, at);
        String closeIndent = lineIndent(text, at.close());
        StringBuilder insert = new StringBuilder();
        boolean remaining = at.members().keySet().stream().anyMatch(after::has);
        for (String key : added) {
            insert.append(remaining || insert.length() > 0 ? "," : "").append(indent.isEmpty() ? " " : "\n" + indent)
                    .append(quote(key)).append(": ").append(write(after.get(key)));
        }
        if (at.members().isEmpty() && !indent.isEmpty()) {
            insert.append('\n').append(closeIndent);
        }
        int from = at.members().isEmpty() ? at.start() + 1 : lastValueEnd(at, after);
        edits.add(new Edit(from, from, insert.toString()));
    }

    /** Where new members go: after the last member that stays (or the last one, whose removal is its own edit). */
    private static int lastValueEnd(Span at, JsonNode after) {
        int end = -1;
        for (Map.Entry<String, Member> e : at.members().entrySet()) {
            if (after.has(e.getKey())) {
                end = e.getValue().value().end();
            }
        }
        return end >= 0 ? end : at.start() + 1;
    }

    /** The indentation of the object's members ("" when the object is on one line). */
    private static String memberIndent(String text, Span at) {
        if (!at.members().isEmpty()) {
            int keyStart = at.members().values().iterator().next().keyStart();
            int lineStart = text.lastIndexOf('\n', keyStart - 1);
            if (lineStart < at.start()) {
                return "";
            }
            return text.substring(lineStart + 1, keyStart);
        }
        return lineIndent(text, at.start()) + "  ";
    }

    private static String lineIndent(String text, int offset) {
        int lineStart = text.lastIndexOf('\n', offset - 1) + 1;
        int i = lineStart;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        return text.substring(lineStart, i);
    }

    /** A value on one line: {@code {"a": 1, "b": ["x", "y"]}}. */
    static String write(JsonNode node) {
        if (node.isObject()) {
            List<String> parts = new ArrayList<>();
            node.fields().forEachRemaining(e -> parts.add(quote(e.getKey()) + ": " + write(e.getValue())));
            return "{" + String.join(", ", parts) + "}";
        }
        if (node.isArray()) {
            List<String> parts = new ArrayList<>();
            node.forEach(n -> parts.add(write(n)));
            return "[" + String.join(", ", parts) + "]";
        }
        return node.toString();
    }

    private static String quote(String key) {
        try {
            return JSON.writeValueAsString(key);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
