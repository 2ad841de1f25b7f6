package services.watchdog;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Set;

/**
 * The few metadata fields of an OTEL event the watchdog reads: the story of an implementor retrieval and whether it
 * found anything, and the turn a turn write is about. The running writers spell the turn id {@code turn_id}
 * (knowledge-turn-write.ts) or {@code turnId} (the gateway); the implementor's eligible event names no turn id but
 * its loop, story and attempt, from which the turn write it requests is named
 * ({@code agent-loop:<loop_id>:<story_id>:attempt-<attempt>}).
 */
public record EventMeta(String storyId, Boolean hasResults, String turnId, String loopId, String attempt,
                        String skipReason) {

    public static final EventMeta NONE = new EventMeta(null, null, null, null, null, null);

    static final Set<String> FIELDS = Set.of("story_id", "has_results", "turn_id", "turnId", "loop_id", "attempt",
            "skip_reason", "skipReason");

    /** The turn this event is about, or null when it names none. */
    public String turn() {
        if (turnId != null) {
            return turnId;
        }
        if (loopId != null && storyId != null && attempt != null) {
            return "agent-loop:" + loopId + ":" + storyId + ":attempt-" + attempt;
        }
        return null;
    }

    public static EventMeta of(JsonNode metadata) {
        if (metadata == null || !metadata.isObject()) {
            return NONE;
        }
        return new EventMeta(text(metadata.get("story_id")), bool(metadata.get("has_results")),
                first(text(metadata.get("turn_id")), text(metadata.get("turnId"))), text(metadata.get("loop_id")),
                text(metadata.get("attempt")), first(text(metadata.get("skip_reason")), text(metadata.get("skipReason"))));
    }

    /** Reads the metadata object a parser is at (its START_OBJECT just read); other fields are skipped. */
    static EventMeta read(JsonParser p) throws IOException {
        String story = null;
        Boolean results = null;
        String turn = null;
        String turnCamel = null;
        String loop = null;
        String attempt = null;
        String skip = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken v = p.nextToken();
            if (!FIELDS.contains(field) || v == JsonToken.START_OBJECT || v == JsonToken.START_ARRAY) {
                p.skipChildren();
                continue;
            }
            String text = v == JsonToken.VALUE_NULL ? null : p.getText().strip();
            text = text == null || text.isEmpty() ? null : text;
            switch (field) {
                case "story_id" -> story = text;
                case "has_results" -> results = v == JsonToken.VALUE_TRUE ? Boolean.TRUE
                        : v == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
                case "turn_id" -> turn = text;
                case "turnId" -> turnCamel = text;
                case "loop_id" -> loop = text;
                case "attempt" -> attempt = text;
                default -> skip = skip == null ? text : skip;
            }
        }
        if (story == null && results == null && turn == null && turnCamel == null && loop == null && attempt == null
                && skip == null) {
            return NONE;
        }
        return new EventMeta(story, results, first(turn, turnCamel), loop, attempt, skip);
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }

    private static String text(JsonNode n) {
        if (n == null || n.isNull() || n.isContainerNode()) {
            return null;
        }
        String s = n.asText().strip();
        return s.isEmpty() ? null : s;
    }

    private static Boolean bool(JsonNode n) {
        return n != null && n.isBoolean() ? n.asBoolean() : null;
    }
}
