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
import services.audit.DecisionLog;

/** Clears and prunes in the workspace's decision log: each one recorded, and read back. */
final class FailedTargetsLog {

    private final DecisionLog decisions;
    private final Clock clock;

    FailedTargetsLog(DecisionLog decisions, Clock clock) {
        this.decisions = decisions;
        this.clock = clock;
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

    /** Clears and prunes, newest first. */
    List<JsonNode> history() {
        List<JsonNode> out = new ArrayList<>(decisions.read().entries().stream()
                .filter(e -> e.path("action").asText().endsWith("_failed")).toList());
        Collections.reverse(out);
        return out;
    }

    void record(String action, String by, String reason, List<String> targets, List<String> docIds,
                List<FailedTargetsService.Outcome> outcomes, FailedTargetsService.PruneResult prune) {
        ObjectNode entry = DecisionLog.entry();
        entry.put("ts", clock.instant().toString());
        entry.put("by", by);
        entry.put("action", action);
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
