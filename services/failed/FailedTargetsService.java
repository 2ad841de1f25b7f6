package services.failed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.audit.DecisionLock;
import services.audit.DecisionLog;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.workspace.Workspace;

/**
 * Failed targets across both stores (formats.md part 6): Redis members and {@code failed_target} documents,
 * joined by project and target id. Clearing removes exactly that member and exactly the documents whose id names
 * the target — never a fuzzy search — and each store is tried on its own, so a half-done clear is reported and a
 * retry finishes it. Every clear and prune is recorded in the decision log.
 */
public final class FailedTargetsService {

    public enum Where { REDIS, INDEX, BOTH }

    /**
     * One failed target: {@code key} is {@code project/target}, with a {@code /} or {@code \\} inside the project
     * written {@code \\/} or {@code \\\\} ({@link #key(String, String)}), so that project {@code a/b} with target
     * {@code c} and project {@code a} with target {@code b/c} stay two rows.
     */
    public record Target(String key, String project, String target, String storyTitle, List<String> loopIds,
                         List<String> docIds, Long redisScoreMillis, long failedAtMillis, long expiresAtMillis,
                         int times, Where where) {
    }

    /** The targets, what could not be read, and a notice when Redis holds no failed-target set at all. */
    public record Listing(List<Target> targets, List<String> problems, boolean redisConfigured, String notice) {

        public Listing(List<Target> targets, List<String> problems, boolean redisConfigured) {
            this(targets, problems, redisConfigured, null);
        }

        public boolean storesShouldAgree() {
            return redisConfigured && notice == null;
        }
    }

    public static final String NO_SETS = "holds no failed-target sets (" + FailedTargets.PREFIX + "*): the running "
            + "system never wrote them (ADR-0199 designed them; its planner reads failed_target documents), so the "
            + "index is the store";

    /** What a clear did to one target, store by store. */
    public record Outcome(String key, String redis, int docsDeleted, String index) {
        public boolean complete() {
            return !redis.startsWith("failed") && !index.startsWith("failed");
        }
    }

    public record PruneResult(long redisRemoved, List<String> docsRemoved) {
    }

    private final Workspace ws;
    private final KnowledgeIndex index;
    private final FailedTargets redis;
    private final Clock clock;
    private final DecisionLog decisions;
    private final DecisionLock lock;
    private final services.telemetry.Telemetry telemetry;

    /** @param redis null for index-only mode (no Redis configured) */
    public FailedTargetsService(Workspace ws, KnowledgeIndex index, FailedTargets redis, Clock clock) {
        this(ws, index, redis, clock, services.telemetry.Telemetry.noop());
    }

    public FailedTargetsService(Workspace ws, KnowledgeIndex index, FailedTargets redis, Clock clock,
                                services.telemetry.Telemetry telemetry) {
        this.telemetry = telemetry;
        this.ws = ws;
        this.index = index;
        this.redis = redis;
        this.clock = clock;
        this.decisions = new DecisionLog(ws.stateDir().resolve("decisions.jsonl"));
        this.lock = new DecisionLock(ws.stateDir());
    }

    public long ttlMillis() {
        return ws.failedTargetTtlDays() * 86_400_000L;
    }


    /** The key of a project's target (see {@link TargetKeys}). */
    public static String key(String project, String target) {
        return TargetKeys.key(project, target);
    }

    public Listing list() {
        Map<String, TargetCollector> byKey = new LinkedHashMap<>();
        for (KnowledgeDoc doc : docs(null)) {
            String target = doc.id().substring(doc.id().lastIndexOf(':') + 1);
            String project = doc.project() == null ? "" : doc.project();
            byKey.computeIfAbsent(key(project, target), k -> new TargetCollector(project, target)).add(doc);
        }
        List<String> problems = new ArrayList<>();
        String notice = null;
        if (redis != null) {
            try {
                FailedTargets.Members members = redis.members();
                problems.addAll(members.problems());
                if (members.keys() == 0) {
                    notice = "This Redis (" + redis.describe().replaceFirst("^Redis ", "") + ") " + NO_SETS + ".";
                }
                for (FailedTargets.Member m : members.members()) {
                    byKey.computeIfAbsent(key(m.project(), m.target()), k -> new TargetCollector(m.project(), m.target())).redis = m.scoreMillis();
                }
            } catch (FailedTargetsException e) {
                problems.add(e.getMessage() + " — showing the index only");
            }
        }
        List<Target> targets = byKey.values().stream().map(b -> b.build(ttlMillis()))
                .sorted(Comparator.comparingLong(Target::failedAtMillis).reversed()).toList();
        return new Listing(targets, problems, redis != null, notice);
    }

    /** Every failed_target document, or those created before {@code beforeSeconds}. */
    private List<KnowledgeDoc> docs(Long beforeSeconds) {
        SearchResult found = index.search(KnowledgeQuery.text("", 100_000)
                .withFilters(Map.of("type", List.of("failed_target"))).createdBetween(null, beforeSeconds));
        return found.hits().stream().map(SearchResult.Hit::doc).toList();
    }

    /** What clearing these targets removes, one line each, before anything is removed. */
    public List<String> preview(List<String> keys) {
        Map<String, Target> known = resolve(keys);
        List<String> out = new ArrayList<>();
        for (Target t : known.values()) {
            List<String> parts = new ArrayList<>();
            if (t.redisScoreMillis() != null) {
                parts.add("Redis member " + t.target() + " of " + FailedTargets.PREFIX + t.project());
            }
            t.docIds().forEach(id -> parts.add("document " + id));
            out.add(t.key() + ": " + String.join("; ", parts));
        }
        return out;
    }

    private Map<String, Target> resolve(List<String> keys) {
        return resolve(keys, java.util.Set.of(), new ArrayList<>());
    }

    /**
     * The targets these keys name. A key an earlier clear named that is in neither store now goes to {@code gone}
     * (a retry after a fault finishes the rest); any other unknown key refuses the whole clear.
     */
    private Map<String, Target> resolve(List<String> keys, java.util.Set<String> clearedBefore, List<String> gone) {
        Map<String, Target> all = new LinkedHashMap<>();
        list().targets().forEach(t -> all.put(t.key(), t));
        Map<String, Target> chosen = new LinkedHashMap<>();
        for (String key : keys) {
            Target t = all.get(key);
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


    /** The keys and document ids earlier clears named (from the decision log). */
    private java.util.Set<String> clearedBefore() {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (JsonNode e : decisions.read().entries()) {
            if (e.path("action").asText().equals("clear_failed")) {
                e.path("targets").forEach(t -> out.add(t.asText()));
                e.path("docIds").forEach(t -> out.add(t.asText()));
            }
        }
        return out;
    }

    public List<Outcome> clear(List<String> keys, String reason, String by) {
        return telemetry.traced("failed_targets.clear", io.opentelemetry.api.common.Attributes.of(
                services.telemetry.Telemetry.COUNT, (long) keys.size()), () -> clearUntraced(keys, reason, by),
                out -> io.opentelemetry.api.common.Attributes.of(services.telemetry.Telemetry.OUTCOME,
                        out.stream().allMatch(Outcome::complete) ? "complete" : "partial"));
    }

    private List<Outcome> clearUntraced(List<String> keys, String reason, String by) {
        requireWritable();
        if (reason == null || reason.isBlank()) {
            throw new FailedTargetsException("Clearing a failed target needs a reason (why it may be retried now).");
        }
        if (keys.isEmpty()) {
            throw new FailedTargetsException("Name at least one failed target to clear.");
        }
        String who = by == null || by.isBlank() ? System.getProperty("user.name", "operator") : by;
        return lock.run(() -> {
            List<String> gone = new ArrayList<>();
            Map<String, Target> chosen = resolve(keys, clearedBefore(), gone);
            List<Outcome> outcomes = new ArrayList<>();
            String[] redisDown = {null};
            for (Target t : chosen.values()) {
                outcomes.add(clearOne(t, redisDown));
            }
            gone.forEach(key -> outcomes.add(goneAgain(key, redisDown)));
            index.flush();
            record("clear_failed", who, reason, outcomes.stream().map(Outcome::key).toList(),
                    chosen.values().stream().flatMap(t -> t.docIds().stream()).toList(), outcomes, null);
            return outcomes;
        });
    }

    /** What a retry says of a target an earlier clear named and neither store holds any more. */
    public static final String ALREADY_GONE = "already gone (cleared before)";

    /**
     * A target an earlier clear named that the listing no longer shows: its Redis member is removed once more (the
     * listing may have come from the index alone while Redis was down), and the index has nothing left of it.
     */
    private Outcome goneAgain(String key, String[] redisDown) {
        String[] parts = TargetKeys.split(key);
        if (redis == null || parts == null) {
            return new Outcome(key, redis == null ? "not configured" : ALREADY_GONE, 0, ALREADY_GONE);
        }
        Outcome one = clearOne(new Target(key, parts[0], parts[1], "", List.of(), List.of(), null, 0, 0, 0, Where.INDEX),
                redisDown);
        return new Outcome(key, one.redis().equals("absent") ? ALREADY_GONE : one.redis(), 0, ALREADY_GONE);
    }


    /** @param redisDown the first Redis failure of this clear: later targets are not sent to a store that is down */
    private Outcome clearOne(Target t, String[] redisDown) {
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
        return new Outcome(t.key(), redisOutcome, deleted, indexOutcome);
    }

    /** Removes every member and document older than the TTL, in both stores. */
    public PruneResult prune(String by) {
        return prune(by, java.time.Duration.ZERO);
    }

    /**
     * Removes every member and document that expired at least {@code grace} ago (older than the TTL plus the
     * grace), in both stores; what expired more recently stays, still marked expired, for an operator to see. The
     * watchdog prunes with its {@code watchdog.pruneGraceHours}; a prune by hand removes everything expired.
     */
    public PruneResult prune(String by, java.time.Duration grace) {
        return telemetry.traced("failed_targets.prune", io.opentelemetry.api.common.Attributes.empty(),
                () -> pruneUntraced(by, grace.toMillis()), r -> io.opentelemetry.api.common.Attributes.builder()
                        .put("brainconsole.redis_removed", r.redisRemoved())
                        .put("brainconsole.docs_removed", r.docsRemoved().size()).build());
    }

    private PruneResult pruneUntraced(String by, long graceMillis) {
        requireWritable();
        String who = by == null || by.isBlank() ? System.getProperty("user.name", "operator") : by;
        return lock.run(() -> {
            long cutoff = clock.millis() - ttlMillis() - graceMillis;
            long fromRedis = redis == null ? 0 : redis.pruneBefore(cutoff);
            List<String> ids = docs(cutoff / 1000 - 1).stream().map(KnowledgeDoc::id).toList();
            index.delete(ids);
            index.flush();
            PruneResult result = new PruneResult(fromRedis, ids);
            record("prune_failed", who, "older than " + ws.failedTargetTtlDays() + " days"
                    + (graceMillis > 0 ? " and expired over " + java.time.Duration.ofMillis(graceMillis).toString()
                    .substring(2).toLowerCase(java.util.Locale.ROOT) + " ago" : ""), List.of(), ids, List.of(),
                    result);
            return result;
        });
    }

    /**
     * Writes every failed_target document's member into Redis (score = its failure time), so both stores agree;
     * also the demo's seeding step. Returns how many members were written.
     */
    public int copyIndexToRedis() {
        requireWritable();
        if (redis == null) {
            throw new FailedTargetsException("No Redis is configured for workspace " + ws.name()
                    + ": add \"redis\": {\"url\": \"redis://127.0.0.1:6379/0\"} to workspace.json.");
        }
        int n = 0;
        for (KnowledgeDoc doc : docs(null)) {
            redis.add(doc.project() == null ? "" : doc.project(), doc.id().substring(doc.id().lastIndexOf(':') + 1),
                    doc.createdAt() * 1000);
            n++;
        }
        return n;
    }

    /** Clears and prunes, newest first, from the decision log. */
    public List<JsonNode> history() {
        List<JsonNode> out = new ArrayList<>(decisions.read().entries().stream()
                .filter(e -> e.path("action").asText().endsWith("_failed")).toList());
        java.util.Collections.reverse(out);
        return out;
    }

    private void record(String action, String by, String reason, List<String> targets, List<String> docIds,
                        List<Outcome> outcomes, PruneResult prune) {
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
        for (Outcome o : outcomes) {
            result.putObject(o.key()).put("redis", o.redis()).put("index", o.index()).put("docsDeleted", o.docsDeleted());
        }
        if (prune != null) {
            result.put("redisRemoved", prune.redisRemoved()).put("docsRemoved", prune.docsRemoved().size());
        }
        decisions.append(entry);
    }

    private void requireWritable() {
        if (ws.readOnly()) {
            throw new FailedTargetsException("Workspace " + ws.name() + " is read-only: clearing and pruning are disabled.");
        }
    }
}
