package services.watchdog;

import java.util.List;
import services.failed.FailedTargetsService;

/**
 * Check 5: failed targets past their TTL are pruned from both stores through the failed-targets service (which
 * records the prune in the decision log). A read-only workspace only reports them.
 */
public final class FailedTargetTtlCheck implements WatchdogCheck {

    private final FailedTargetsService failed;

    public FailedTargetTtlCheck(FailedTargetsService failed) {
        this.failed = failed;
    }

    @Override
    public String name() {
        return "failed-target-ttl";
    }

    @Override
    public Finding run(WatchdogRun run) {
        FailedTargetsService.Listing listing = failed.list();
        List<FailedTargetsService.Target> expired = listing.targets().stream()
                .filter(t -> t.expiresAtMillis() <= run.now).toList();
        int ttl = run.workspace.failedTargetTtlDays();
        List<String> evidence = expired.stream().flatMap(t -> t.docIds().stream()).limit(EventWindow.SAMPLES)
                .map(id -> "doc:" + id).toList();
        if (expired.isEmpty()) {
            run.pruned = Finding.ordered("pruned", 0, "found", 0);
            return Finding.of(name(), Severity.OK, "No failed target past its TTL (" + ttl + " days) of "
                    + listing.targets().size(), Finding.ordered("targets", listing.targets().size(), "expired", 0));
        }
        if (run.workspace.readOnly()) {
            run.pruned = Finding.ordered("pruned", 0, "found", expired.size(), "error", "read-only workspace");
            return new Finding(name(), Severity.WARNING, expired.size() + " failed targets are past their TTL ("
                    + ttl + " days) but the workspace is read-only: not pruned",
                    Finding.ordered("targets", listing.targets().size(), "expired", expired.size()), evidence);
        }
        run.progress.update(-1, "Pruning " + expired.size() + " expired failed targets");
        FailedTargetsService.PruneResult result = failed.prune("watchdog");
        long total = result.redisRemoved() + result.docsRemoved().size();
        run.pruned = Finding.ordered("pruned", total, "found", expired.size(), "redis_removed", result.redisRemoved(),
                "docs_removed", result.docsRemoved().size());
        return new Finding(name(), Severity.INFO, "Pruned " + count(expired.size(), "failed target")
                + " past the TTL (" + ttl + " days): " + count(result.redisRemoved(), "Redis member") + ", "
                + count(result.docsRemoved().size(), "document"), Finding.ordered("targets", listing.targets().size(), "expired", expired.size(),
                "redisRemoved", result.redisRemoved(), "docsRemoved", result.docsRemoved().size()), evidence);
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
