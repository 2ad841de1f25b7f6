package services.failed;

import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.api.common.Attributes;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import services.audit.DecisionLock;
import services.audit.DecisionLog;
import services.knowledge.KnowledgeIndex;
import services.telemetry.Telemetry;
import services.workspace.Reviewer;
import services.workspace.Workspace;

/**
 * Failed targets across both stores (formats.md part 6): Redis members and {@code failed_target} documents,
 * joined by project and target id. Clearing removes exactly that member and exactly the documents whose id names
 * the target — never a fuzzy search — and each store is tried on its own, so a half-done clear is reported and a
 * retry finishes it. Every clear and prune is recorded in the decision log. The work is done by
 * {@link TargetListing}, {@link TargetClearing}, {@link TargetPruning} and {@link FailedTargetsLog}.
 */
public final class FailedTargetsService {

    public enum Where { REDIS, INDEX, BOTH }

    /**
     * One failed target: {@code key} is {@code project/target}, with a {@code /} or {@code \\} inside the project
     * written {@code \\/} or {@code \\\\} ({@link #key(String, String)}), so that project {@code a/b} with target
     * {@code c} and project {@code a} with target {@code b/c} stay two rows.
     *
     * <p>Story ids are per loop PRD, so one key may gather the documents of different stories (S2 of one loop is
     * not S2 of another): {@code storyTitles} holds every distinct title its documents carry, newest first, and
     * {@code storyTitle} is the first of them. Clearing the key removes all of them.
     */
    public record Target(String key, String project, String target, String storyTitle, List<String> storyTitles,
                         List<String> loopIds, List<String> docIds, Long redisScoreMillis, long failedAtMillis,
                         long expiresAtMillis, int times, Where where) {

        /** The titles after the newest: the other stories this key's documents name (empty for one story). */
        public List<String> otherStoryTitles() {
            return storyTitles.size() <= 1 ? List.of() : storyTitles.subList(1, storyTitles.size());
        }

        /** "+ 1 other story: …" / "+ 2 other stories: …; …", or "" when every document names the same story. */
        public String otherStories() {
            List<String> others = otherStoryTitles();
            return others.isEmpty() ? "" : "+ " + others.size() + (others.size() == 1 ? " other story: "
                    : " other stories: ") + String.join("; ", others);
        }
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
    private final DecisionLock lock;
    private final Telemetry telemetry;
    private final TargetListing listing;
    private final TargetClearing clearing;
    private final TargetPruning pruning;
    private final FailedTargetsLog log;
    private Consumer<String> steps = step -> { };

    /** @param redis null for index-only mode (no Redis configured) */
    public FailedTargetsService(Workspace ws, KnowledgeIndex index, FailedTargets redis, Clock clock) {
        this(ws, index, redis, clock, Telemetry.noop());
    }

    public FailedTargetsService(Workspace ws, KnowledgeIndex index, FailedTargets redis, Clock clock,
                                Telemetry telemetry) {
        this.telemetry = telemetry;
        this.ws = ws;
        this.lock = new DecisionLock(ws.stateDir());
        this.log = new FailedTargetsLog(new DecisionLog(ws.stateDir().resolve("decisions.jsonl")), clock);
        this.listing = new TargetListing(index, redis, this::ttlMillis, clock);
        this.clearing = new TargetClearing(listing, index, redis, log, step -> steps.accept(step));
        this.pruning = new TargetPruning(ws, listing, index, redis, clock, log);
    }

    /** Fault-injection seam for the crash tests: told "begun", "removed" (after each target), "done" as a clear goes. */
    public void onStep(Consumer<String> steps) {
        this.steps = steps;
    }

    /**
     * Finishes the clears a crash cut short (their intent is in the decision log, their result is not), so the log
     * agrees with Redis and the index; a read-only workspace is left as it is. Returns the keys finished.
     */
    public List<String> recover() {
        if (ws.readOnly()) {
            return List.of();
        }
        String who = Reviewer.of(ws);
        return lock.run(() -> List.copyOf(clearing.finishUnfinished(who).keySet()));
    }

    public long ttlMillis() {
        return ws.failedTargetTtlDays() * 86_400_000L;
    }

    /** The key of a project's target (see {@link TargetKeys}). */
    public static String key(String project, String target) {
        return TargetKeys.key(project, target);
    }

    /** The targets of both stores; a clear a crash cut short is finished first, so none of its targets is listed. */
    public Listing list() {
        if (!ws.readOnly()) {
            try {
                recover();
            } catch (RuntimeException e) { // the listing still shows what there is
                return withProblem(listing.list(), "A clear cut short could not be finished: " + e.getMessage());
            }
        }
        return listing.list();
    }

    private static Listing withProblem(Listing l, String problem) {
        List<String> problems = new ArrayList<>(l.problems());
        problems.add(problem);
        return new Listing(l.targets(), problems, l.redisConfigured(), l.notice());
    }

    /** What clearing these targets removes, one line each, before anything is removed. */
    public List<String> preview(List<String> keys) {
        return clearing.preview(keys);
    }

    public List<Outcome> clear(List<String> keys, String reason, String by) {
        return telemetry.traced("failed_targets.clear", Attributes.of(
                Telemetry.COUNT, (long) keys.size()), () -> clearUntraced(keys, reason, by),
                out -> Attributes.of(Telemetry.OUTCOME,
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
        String who = Reviewer.or(by, ws);
        String why = reason.strip(); // recorded as typed, without the spaces around it
        return lock.run(() -> clearing.clear(keys, why, who));
    }

    /** What a retry says of a store a clear cut short had not yet cleared, and which the retry finished. */
    public static final String FINISHED = "removed (finishing a clear that was cut short)";

    /** What a retry says of a target an earlier clear named and neither store holds any more. */
    public static final String ALREADY_GONE = "already gone (cleared before)";

    /** Removes every member and document older than the TTL, in both stores. */
    public PruneResult prune(String by) {
        return prune(by, Duration.ZERO);
    }

    /**
     * Removes every member and document that expired at least {@code grace} ago (older than the TTL plus the
     * grace), in both stores; what expired more recently stays, still marked expired, for an operator to see. The
     * watchdog prunes with its {@code watchdog.pruneGraceHours}; a prune by hand removes everything expired.
     */
    public PruneResult prune(String by, Duration grace) {
        return telemetry.traced("failed_targets.prune", Attributes.empty(),
                () -> pruneUntraced(by, grace.toMillis()), r -> Attributes.builder()
                        .put("brainconsole.redis_removed", r.redisRemoved())
                        .put("brainconsole.docs_removed", r.docsRemoved().size()).build());
    }

    private PruneResult pruneUntraced(String by, long graceMillis) {
        requireWritable();
        String who = Reviewer.or(by, ws);
        return lock.run(() -> pruning.prune(who, ttlMillis(), graceMillis));
    }

    /**
     * Writes every failed_target document's member into Redis (score = its failure time), so both stores agree;
     * also the demo's seeding step. Returns how many members were written.
     */
    /**
     * What {@link #copyIndexToRedis()} wrote: {@code targets} Redis members (what the Failed targets screen and
     * {@code failed list} count) from {@code documents} documents (several documents may name one target).
     */
    public record Copied(int targets, int documents) {
    }

    public Copied copyIndexToRedis() {
        requireWritable();
        return pruning.copyIndexToRedis();
    }

    /** Clears and prunes, newest first, from the decision log. */
    public List<JsonNode> history() {
        return log.history();
    }

    private void requireWritable() {
        if (ws.readOnly()) {
            throw new FailedTargetsException("Workspace " + ws.name() + " is read-only: clearing and pruning are disabled.");
        }
    }
}
