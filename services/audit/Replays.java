package services.audit;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The decision log's {@code replay} lines: a decision committed here, then moved onto the shared remote's newer branch
 * before it was pushed, lives on as a new commit ({@code commit}) that {@code replaces} the one first logged. Readers
 * that look a decision up by its commit follow these lines to the commit actually on the branch.
 */
public final class Replays {

    /** The decision-log action of a replayed decision. */
    public static final String ACTION = "replay";

    private final Map<String, String> next = new HashMap<>();

    private Replays(List<JsonNode> entries) {
        for (JsonNode e : entries) {
            if (ACTION.equals(e.path("action").asText()) && e.hasNonNull("replaces") && e.hasNonNull("commit")) {
                next.put(e.get("replaces").asText(), e.get("commit").asText());
            }
        }
    }

    public static Replays of(List<JsonNode> entries) {
        return new Replays(entries);
    }

    /** The commit now on the branch for {@code sha}: itself unless it was replayed (once or more). */
    public String current(String sha) {
        String at = sha;
        for (int hops = 0; at != null && next.containsKey(at) && hops < 1000; hops++) {
            at = next.get(at);
        }
        return at;
    }
}
