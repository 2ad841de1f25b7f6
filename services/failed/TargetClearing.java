package services.failed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

    /** @param redis null for index-only mode (no Redis configured) */
    TargetClearing(TargetListing listing, KnowledgeIndex index, FailedTargets redis, FailedTargetsLog log) {
        this.listing = listing;
        this.index = index;
        this.redis = redis;
        this.log = log;
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
    List<FailedTargetsService.Outcome> clear(List<String> keys, String reason, String who) {
        List<String> gone = new ArrayList<>();
        Map<String, FailedTargetsService.Target> chosen = resolve(keys, log.clearedBefore(), gone);
        List<FailedTargetsService.Outcome> outcomes = new ArrayList<>();
        String[] redisDown = {null};
        for (FailedTargetsService.Target t : chosen.values()) {
            outcomes.add(clearOne(t, redisDown));
        }
        gone.forEach(key -> outcomes.add(goneAgain(key, redisDown)));
        index.flush();
        log.record("clear_failed", who, reason, outcomes.stream().map(FailedTargetsService.Outcome::key).toList(),
                chosen.values().stream().flatMap(t -> t.docIds().stream()).toList(), outcomes, null);
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
