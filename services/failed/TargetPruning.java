package services.failed;

import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.text.CheckedNumber;
import services.workspace.Workspace;

/**
 * Removes what expired from both stores and records the prune; and copies the index's failed targets into Redis
 * (so both stores agree; also the demo's seeding step).
 */
final class TargetPruning {

    private final Workspace ws;
    private final TargetListing listing;
    private final KnowledgeIndex index;
    private final FailedTargets redis;
    private final Clock clock;
    private final FailedTargetsLog log;

    /** @param redis null for index-only mode (no Redis configured) */
    TargetPruning(Workspace ws, TargetListing listing, KnowledgeIndex index, FailedTargets redis, Clock clock,
                  FailedTargetsLog log) {
        this.ws = ws;
        this.listing = listing;
        this.index = index;
        this.redis = redis;
        this.clock = clock;
        this.log = log;
    }

    /** Removes every member and document older than the TTL plus {@code graceMillis}; run under the decision lock. */
    FailedTargetsService.PruneResult prune(String who, long ttlMillis, long graceMillis) {
        long cutoff = clock.millis() - ttlMillis - graceMillis;
        long fromRedis = redis == null ? 0 : redis.pruneBefore(cutoff)
                + redis.pruneAfter(clock.instant().plus(CheckedNumber.AHEAD).toEpochMilli());
        List<String> ids = listing.docs(cutoff / 1000 - 1).stream().map(KnowledgeDoc::id).toList();
        index.delete(ids);
        index.flush();
        FailedTargetsService.PruneResult result = new FailedTargetsService.PruneResult(fromRedis, ids);
        log.record("prune_failed", who, "older than " + ws.failedTargetTtlDays() + " days"
                + (graceMillis > 0 ? " and expired over " + Duration.ofMillis(graceMillis).toString()
                .substring(2).toLowerCase(Locale.ROOT) + " ago" : ""), List.of(), ids, List.of(),
                result);
        return result;
    }

    /** Writes every failed_target document's member into Redis (score = its failure time); how many. */
    FailedTargetsService.Copied copyIndexToRedis() {
        if (redis == null) {
            throw new FailedTargetsException("No Redis is configured for workspace " + ws.name()
                    + ": add \"redis\": {\"url\": \"redis://127.0.0.1:6379/0\"} to workspace.json.");
        }
        int n = 0;
        Set<String> members = new HashSet<>();
        for (KnowledgeDoc doc : listing.docs(null)) {
            String project = doc.project() == null ? "" : doc.project();
            String target = doc.id().substring(doc.id().lastIndexOf(':') + 1);
            redis.add(project, target, doc.createdAt() * 1000);
            members.add(FailedTargetsService.key(project, target));
            n++;
        }
        return new FailedTargetsService.Copied(members.size(), n);
    }
}
