package services.failed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import services.audit.DecisionLog;

/**
 * Clears and prunes in the workspace's decision log: each one recorded, and read back. A clear is written ahead:
 * its intent ({@code "state": "begun"}: who, why, which targets, members and documents) is appended before Redis or
 * the index is touched, and its result after, naming the same {@code intent}; a begun clear with no result was cut
 * short and is finished by the next run ({@link #unfinished()}).
 */
final class FailedTargetsLog {

    private final DecisionLog decisions;
    private final Clock clock;

    FailedTargetsLog(DecisionLog decisions, Clock clock) {
        this.decisions = decisions;
        this.clock = clock;
    }

    /** Writes a clear's intent before anything is removed; returns its id. */
    String begin(String by, String reason, List<String> targets, List<String[]> members, List<String> docIds) {
        String intent = UUID.randomUUID().toString();
        ObjectNode entry = DecisionLog.entry();
        entry.put("ts", clock.instant().toString());
        entry.put("by", by);
        entry.put("action", "clear_failed");
        entry.put("state", "begun");
        entry.put("intent", intent);
        entry.put("reason", reason);
        ArrayNode t = entry.putArray("targets");
        targets.forEach(t::add);
        ArrayNode m = entry.putArray("members");
        members.forEach(pt -> m.addObject().put("project", pt[0]).put("target", pt[1]));
        ArrayNode d = entry.putArray("docIds");
        docIds.forEach(d::add);
        decisions.append(entry);
        return intent;
    }

    /** The clears whose intent was written and whose result never was (the process killed in between), oldest first. */
    List<JsonNode> unfinished() {
        List<JsonNode> entries = decisions.read().entries();
        Set<String> finished = new HashSet<>();
        for (JsonNode e : entries) {
            if (e.path("action").asText().equals("clear_failed") && !e.path("state").asText().equals("begun")
                    && e.hasNonNull("intent")) {
                finished.add(e.path("intent").asText());
            }
        }
        return entries.stream().filter(e -> e.path("action").asText().equals("clear_failed")
                && e.path("state").asText().equals("begun") && !finished.contains(e.path("intent").asText())).toList();
    }

    /** The keys and document ids earlier clears named. */
    Set<String> clearedBefore() {
        Set<String> out = new HashSet<>();
        for (JsonNode e : decisions.read().entries()) {
            if (e.path("action").asText().equals("clear_failed")) {
                e.path("targets").forEach(t -> out.add(t.asText()));
                e.path("docIds").forEach(t -> out.add(t.asText()));
            }
        }
        return out;
    }

    /** Clears and prunes, newest first; the intent of a clear that has its result is left out (the result says it). */
    List<JsonNode> history() {
        Set<String> open = new HashSet<>();
        unfinished().forEach(e -> open.add(e.path("intent").asText()));
        List<JsonNode> out = new ArrayList<>(decisions.read().entries().stream()
                .filter(e -> e.path("action").asText().endsWith("_failed"))
                .filter(e -> !e.path("state").asText().equals("begun") || open.contains(e.path("intent").asText()))
                .toList());
        Collections.reverse(out);
        return out;
    }

    void record(String action, String by, String reason, List<String> targets, List<String> docIds,
                List<FailedTargetsService.Outcome> outcomes, FailedTargetsService.PruneResult prune) {
        record(action, by, reason, targets, docIds, outcomes, prune, null, null);
    }

    /**
     * @param intent the id of the clear's intent this result closes, or null
     * @param finishedBy who finished a clear that was cut short (the next run), or null when it ran through
     */
    void record(String action, String by, String reason, List<String> targets, List<String> docIds,
                List<FailedTargetsService.Outcome> outcomes, FailedTargetsService.PruneResult prune, String intent,
                String finishedBy) {
        ObjectNode entry = DecisionLog.entry();
        entry.put("ts", clock.instant().toString());
        entry.put("by", by);
        entry.put("action", action);
        if (intent != null) {
            entry.put("intent", intent);
        }
        if (finishedBy != null) {
            entry.put("finishedBy", finishedBy);
        }
        entry.put("reason", reason);
        ArrayNode t = entry.putArray("targets");
        targets.forEach(t::add);
        ArrayNode d = entry.putArray("docIds");
        docIds.forEach(d::add);
        ObjectNode result = entry.putObject("result");
        for (FailedTargetsService.Outcome o : outcomes) {
            result.putObject(o.key()).put("redis", o.redis()).put("index", o.index()).put("docsDeleted", o.docsDeleted());
        }
        if (prune != null) {
            result.put("redisRemoved", prune.redisRemoved()).put("docsRemoved", prune.docsRemoved().size());
        }
        decisions.append(entry);
    }
}
