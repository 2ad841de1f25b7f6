package services.failed;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import com.fasterxml.jackson.databind.JsonNode;
import services.knowledge.KnowledgeIndex;

/**
 * Clears failed targets: exactly the Redis member and exactly the documents whose id names the target, each store
 * tried on its own, so a half-done clear is reported and a retry finishes it. Run under the decision lock.
 */
final class TargetClearing {

    private final TargetListing listing;
    private final KnowledgeIndex index;
    private final FailedTargets redis;
    private final FailedTargetsLog log;
    private final Consumer<String> steps;

    /**
     * @param redis null for index-only mode (no Redis configured)
     * @param steps the fault-injection seam of the crash tests: told "begun" once the intent is written, "removed"
     *              after each target, "done" once the result is written
     */
    TargetClearing(TargetListing listing, KnowledgeIndex index, FailedTargets redis, FailedTargetsLog log,
                   Consumer<String> steps) {
        this.listing = listing;
        this.index = index;
        this.redis = redis;
        this.log = log;
        this.steps = steps;
    }

    /**
     * Finishes every clear whose intent was written and whose result was not (the process killed in between): the
     * members and documents its intent names are removed — again, where they still are — and its result recorded,
     * with the clear's own who and why and {@code finishedBy}. A clear Redis cannot finish now stays open for the next
     * run. Returns what each finished target's removal did, by key. Run under the decision lock.
     */
    Map<String, FailedTargetsService.Outcome> finishUnfinished(String finishedBy) {
        Map<String, FailedTargetsService.Outcome> done = new LinkedHashMap<>();
        for (JsonNode intent : log.unfinished()) {
            List<String> docIds = new ArrayList<>();
            intent.path("docIds").forEach(d -> docIds.add(d.asText()));
            Set<String> docsLeft = new HashSet<>(docIds);
            List<FailedTargetsService.Outcome> outcomes = new ArrayList<>();
            String[] redisDown = {null};
            for (JsonNode m : intent.path("members")) {
                String project = m.path("project").asText();
                String target = m.path("target").asText();
                String key = TargetKeys.key(project, target);
                List<String> mine = docIds.stream().filter(d -> d.endsWith(":" + target)).toList();
                docsLeft.removeAll(mine);
                outcomes.add(clearOne(new FailedTargetsService.Target(key, project, target, "", List.of(), List.of(),
                        mine, null, 0, 0, 0, FailedTargetsService.Where.BOTH), redisDown));
            }
            if (!docsLeft.isEmpty()) {
                index.delete(List.copyOf(docsLeft));
            }
            index.flush();
            if (redisDown[0] != null) {
                continue; // Redis cannot finish it now: the intent stays open, and the next run tries again
            }
            List<String> targets = new ArrayList<>();
            intent.path("targets").forEach(t -> targets.add(t.asText()));
            log.record("clear_failed", intent.path("by").asText(), intent.path("reason").asText(), targets, docIds,
                    outcomes, null, intent.path("intent").asText(), finishedBy);
            outcomes.forEach(o -> done.put(o.key(), o));
        }
        return done;
    }

    /**
     * What clearing these targets removes, one line each, before anything is removed: the Redis member and each
     * document with the story it names. A key whose documents name different stories (story ids are per loop PRD)
     * says so first, so clearing one story's record does not silently clear another's.
     */
    List<String> preview(List<String> keys) {
        Map<String, FailedTargetsService.Target> known = resolve(keys, Set.of(), new ArrayList<>());
        List<String> out = new ArrayList<>();
        for (FailedTargetsService.Target t : known.values()) {
            List<String> parts = new ArrayList<>();
            if (t.redisScoreMillis() != null) {
                parts.add("Redis member " + t.target() + " of " + FailedTargets.PREFIX + t.project());
            }
            for (String id : t.docIds()) {
                String story = index.get(id).map(TargetCollector::story).orElse("");
                parts.add("document " + id + (story.isEmpty() ? "" : " (\"" + story + "\")"));
            }
            int stories = t.storyTitles().size();
            out.add(t.key() + (stories > 1 ? " — " + stories + " different stories share this id" : "") + ": "
                    + String.join("; ", parts));
        }
        return out;
    }

    /** Clears the targets these keys name and records the clear; {@code who} and {@code reason} are checked. */
    /**
     * Clears the targets these keys name, written ahead: a clear cut short before is finished first (so its keys are
     * "cleared before" now), the intent is recorded, the stores are changed, and the result is recorded.
     */
    List<FailedTargetsService.Outcome> clear(List<String> keys, String reason, String who) {
        Map<String, FailedTargetsService.Outcome> finished = finishUnfinished(who);
        List<String> gone = new ArrayList<>();
        Map<String, FailedTargetsService.Target> chosen = resolve(keys, log.clearedBefore(), gone);
        List<String[]> members = new ArrayList<>();
        chosen.values().forEach(t -> members.add(new String[] {t.project(), t.target()}));
        gone.stream().map(TargetKeys::split).filter(Objects::nonNull).forEach(members::add);
        List<String> docIds = chosen.values().stream().flatMap(t -> t.docIds().stream()).toList();
        List<String> named = new ArrayList<>(chosen.keySet());
        named.addAll(gone);
        String intent = log.begin(who, reason, named, members, docIds);
        steps.accept("begun");
        List<FailedTargetsService.Outcome> outcomes = new ArrayList<>();
        String[] redisDown = {null};
        for (FailedTargetsService.Target t : chosen.values()) {
            outcomes.add(clearOne(t, redisDown));
            steps.accept("removed");
        }
        for (String key : gone) {
            FailedTargetsService.Outcome again = goneAgain(key, redisDown);
            FailedTargetsService.Outcome before = finished.get(key);
            outcomes.add(before == null || !again.complete() ? again : new FailedTargetsService.Outcome(key,
                    "removed".equals(before.redis()) ? FailedTargetsService.FINISHED : again.redis(), before.docsDeleted(),
                    before.docsDeleted() > 0 ? FailedTargetsService.FINISHED : again.index()));
        }
        index.flush();
        log.record("clear_failed", who, reason, outcomes.stream().map(FailedTargetsService.Outcome::key).toList(),
                docIds, outcomes, null, intent, null);
        steps.accept("done");
        return outcomes;
    }

    /**
     * The targets these keys name. A key an earlier clear named that is in neither store now goes to {@code gone}
     * (a retry after a fault finishes the rest); any other unknown key refuses the whole clear.
     */
    private Map<String, FailedTargetsService.Target> resolve(List<String> keys, Set<String> clearedBefore,
                                                             List<String> gone) {
        Map<String, FailedTargetsService.Target> all = new LinkedHashMap<>();
        listing.list().targets().forEach(t -> all.put(t.key(), t));
        Map<String, FailedTargetsService.Target> chosen = new LinkedHashMap<>();
        for (String key : keys) {
            FailedTargetsService.Target t = all.get(key);
            if (t == null) {
                t = all.values().stream().filter(x -> x.docIds().contains(key)).findFirst().orElse(null);
            }
            if (t == null) {
                t = TargetKeys.unescaped(key, all.values());
            }
            if (t == null && clearedBefore.contains(key)) {
                gone.add(key);
                continue;
            }
            if (t == null) {
                throw new FailedTargetsException("No failed target \"" + key + "\" (use project/target as listed by "
                        + "'failed list', or a failed_target document id). Nothing was cleared.");
            }
            chosen.put(t.key(), t);
        }
        return chosen;
    }

    /**
     * A target an earlier clear named that the listing no longer shows: its Redis member is removed once more (the
     * listing may have come from the index alone while Redis was down), and the index has nothing left of it.
     */
    private FailedTargetsService.Outcome goneAgain(String key, String[] redisDown) {
        String[] parts = TargetKeys.split(key);
        String gone = FailedTargetsService.ALREADY_GONE;
        if (redis == null || parts == null) {
            return new FailedTargetsService.Outcome(key, redis == null ? "not configured" : gone, 0, gone);
        }
        FailedTargetsService.Outcome one = clearOne(new FailedTargetsService.Target(key, parts[0], parts[1], "",
                List.of(), List.of(), List.of(), null, 0, 0, 0, FailedTargetsService.Where.INDEX), redisDown);
        return new FailedTargetsService.Outcome(key, one.redis().equals("absent") ? gone : one.redis(), 0, gone);
    }

    /** @param redisDown the first Redis failure of this clear: later targets are not sent to a store that is down */
    private FailedTargetsService.Outcome clearOne(FailedTargetsService.Target t, String[] redisDown) {
        String redisOutcome;
        if (redis == null) {
            redisOutcome = "not configured";
        } else if (redisDown[0] != null) {
            redisOutcome = "failed: " + redisDown[0] + " (not tried again in this clear)";
        } else {
            // An unreachable store reports its reason here; the index is still cleared and a retry finishes.
            try {
                redisOutcome = redis.remove(t.project(), t.target()) ? "removed" : "absent";
            } catch (FailedTargetsException e) {
                redisDown[0] = e.getMessage();
                redisOutcome = "failed: " + e.getMessage();
            }
        }
        int deleted = 0;
        String indexOutcome;
        try {
            deleted = t.docIds().isEmpty() ? 0 : index.delete(t.docIds());
            indexOutcome = deleted > 0 ? "removed" : "absent";
        } catch (RuntimeException e) {
            indexOutcome = "failed: " + e.getMessage();
        }
        return new FailedTargetsService.Outcome(t.key(), redisOutcome, deleted, indexOutcome);
    }
}
