package services.review.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import services.audit.DecisionLog;
import services.audit.Replays;
import services.errors.ConsoleException;

/**
 * Records in the decision log that decisions were moved onto the remote's newer branch (a push that lost the race):
 * for each replayed commit that a line of the log names, a {@code replay} line with that line's facts (proposal, who
 * decided, status), the new {@code commit} and the one it {@code replaces}, and {@code decided_at} the time of the
 * decision itself. The log stays append-only: the first line keeps what was true when it was written.
 */
final class ReplayRecords {

    private final DecisionLog log;
    private final Clock clock;

    ReplayRecords(DecisionLog log, Clock clock) {
        this.log = log;
        this.clock = clock;
    }

    /** Appends one line per replayed decision the log knows; returns what the user should read, one line each. */
    List<String> record(Map<String, String> replaced) {
        List<String> out = new ArrayList<>();
        if (replaced.isEmpty()) {
            return out;
        }
        List<JsonNode> entries;
        try {
            entries = log.read().entries();
        } catch (ConsoleException unreadable) {
            return List.of("Decisions were moved onto the remote's newer branch, but " + log.file() + " cannot be "
                    + "read to record it: " + unreadable.getMessage());
        }
        for (Map.Entry<String, String> moved : replaced.entrySet()) {
            JsonNode first = newestNaming(entries, moved.getKey());
            if (first == null) {
                continue; // not a decision of this console's log (a commit of some other kind)
            }
            ObjectNode line = first.deepCopy();
            line.put("ts", clock.instant().toString());
            line.put("action", Replays.ACTION);
            line.put("decided_at", first.hasNonNull("decided_at") ? first.get("decided_at").asText()
                    : first.path("ts").asText());
            line.put("decision", first.hasNonNull("decision") ? first.get("decision").asText()
                    : first.path("action").asText());
            line.put("commit", moved.getValue());
            line.put("replaces", moved.getKey());
            line.remove("recorded"); // the proposal file is as the decision left it: its digest is on the first line
            try {
                log.append(line);
            } catch (ConsoleException unwritable) {
                out.add("Could not record that commit " + shortSha(moved.getKey()) + " is now "
                        + shortSha(moved.getValue()) + ": " + unwritable.getMessage());
                continue;
            }
            out.add("Moved the decision on " + first.path("proposal").asText("?") + " onto the remote's newer branch: "
                    + "commit " + shortSha(moved.getValue()) + " replaces " + shortSha(moved.getKey()) + ".");
        }
        return out;
    }

    private static JsonNode newestNaming(List<JsonNode> entries, String sha) {
        for (int i = entries.size() - 1; i >= 0; i--) {
            if (sha.equals(entries.get(i).path("commit").asText(null))) {
                return entries.get(i);
            }
        }
        return null;
    }

    private static String shortSha(String sha) {
        return sha.substring(0, Math.min(10, sha.length()));
    }
}
