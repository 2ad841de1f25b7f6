package services.watchdog;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import services.failed.FailedTargetsService;

/**
 * Check 5: failed targets past their TTL are pruned from both stores through the failed-targets service (which
 * records the prune in the decision log). A target that expired less than {@code watchdog.pruneGraceHours} ago
 * (default 0) is left in place, shown as expired on the Failed targets screen, so an operator sees what just
 * expired (and can prune it by hand) before a scheduled run removes it. A read-only workspace only reports them.
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
    public CheckResult run(WatchdogRun run) {
        FailedTargetsService.Listing listing = failed.list();
        List<FailedTargetsService.Target> expired = listing.targets().stream()
                .filter(t -> t.expiresAtMillis() <= run.now).toList();
        int ttl = run.workspace.failedTargetTtlDays();
        List<String> evidence = expired.stream().flatMap(t -> t.docIds().stream()).limit(EventWindow.SAMPLES)
                .map(id -> "doc:" + id).toList();
        if (expired.isEmpty()) {
            return CheckResult.of(Finding.of(name(), Severity.OK, "No failed target past its TTL (" + ttl + " days) of "
                    + listing.targets().size(), Finding.ordered("targets", listing.targets().size(), "expired", 0)))
                    .withPruned(Finding.ordered("pruned", 0, "found", 0));
        }
        if (run.workspace.readOnly()) {
            return CheckResult.of(new Finding(name(), Severity.WARNING, expired.size() + " failed targets are past "
                    + "their TTL (" + ttl + " days) but the workspace is read-only: not pruned",
                    Finding.ordered("targets", listing.targets().size(), "expired", expired.size()), evidence))
                    .withPruned(Finding.ordered("pruned", 0, "found", expired.size(), "error", "read-only workspace"));
        }
        long graceMillis = run.settings.pruneGraceMillis();
        long due = expired.stream().filter(t -> t.expiresAtMillis() <= run.now - graceMillis).count();
        long kept = expired.size() - due;
        String grace = WatchdogSettings.fmt(run.settings.pruneGraceHours()) + " h ago";
        String byHand = " (Failed targets ▸ Prune expired… removes " + (kept == 1 ? "it" : "them") + " now)";
        if (due == 0) {
            return CheckResult.of(new Finding(name(), Severity.INFO, count(expired.size(), "failed target")
                    + " past the TTL (" + ttl + " days), expired less than " + grace + ": "
                    + (kept == 1 ? "it stays" : "they stay") + " until then" + byHand,
                    Finding.ordered("targets", listing.targets().size(), "expired", expired.size(), "kept", kept), evidence))
                    .withPruned(Finding.ordered("pruned", 0, "found", expired.size(), "kept", kept));
        }
        String keptNote = kept == 0 ? "" : "; " + kept + " more, expired less than " + grace + ", "
                + (kept == 1 ? "stays" : "stay") + " until then" + byHand;
        run.progress.update(-1, "Pruning " + due + " expired failed targets");
        FailedTargetsService.PruneResult result = failed.prune("watchdog", Duration.ofMillis(graceMillis));
        long total = result.redisRemoved() + result.docsRemoved().size();
        Map<String, Object> pruned = Finding.ordered("pruned", total, "found", expired.size(),
                "redis_removed", result.redisRemoved(), "docs_removed", result.docsRemoved().size(), "kept", kept);
        return CheckResult.of(new Finding(name(), Severity.INFO, "Pruned " + count(due, "failed target")
                + " past the TTL (" + ttl + " days): " + count(result.redisRemoved(), "Redis member") + ", "
                + count(result.docsRemoved().size(), "document") + keptNote,
                Finding.ordered("targets", listing.targets().size(), "expired", expired.size(),
                "redisRemoved", result.redisRemoved(), "docsRemoved", result.docsRemoved().size(), "kept", kept), evidence))
                .withPruned(pruned);
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
