package services.watchdog;

import java.util.Map;
import services.text.HumanDuration;

/** Check 4: the newest document (its {@code created_at}, seconds) is older than {@code staleHours} (48). */
public final class StalenessCheck implements WatchdogCheck {

    @Override
    public String name() {
        return "staleness";
    }

    @Override
    public CheckResult run(WatchdogRun run) {
        var status = run.index.status();
        if (status.documents() == 0) {
            return CheckResult.of(Finding.of(name(), Severity.OK, "No documents to age (see the collection check)",
                    Finding.ordered()));
        }
        long ageMillis = Math.max(0, run.now - status.newestCreatedAt() * 1000);
        return CheckResult.of(finding(run, status.newestCreatedAt(), ageMillis))
                .withStats("last_sync_age_hours", Math.round(ageMillis / 3_600_000.0));
    }

    private Finding finding(WatchdogRun run, long newestCreatedAt, long ageMillis) {
        double hours = Math.round(ageMillis / 360_000.0) / 10.0;
        Map<String, Object> figures = Finding.ordered("ageHours", hours, "thresholdHours", run.settings.staleHours(),
                "newestCreatedAt", newestCreatedAt);
        if (ageMillis > run.settings.staleHours() * 3_600_000) {
            return Finding.of(name(), Severity.WARNING, "system_knowledge stale: newest document written " + hours
                    + " h ago (over " + Math.round(run.settings.staleHours()) + " h)", figures);
        }
        String age = ageMillis < 60_000 ? "just now" : ageMillis < 3_600_000
                ? HumanDuration.of(ageMillis) + " ago" : hours + " h ago";
        return Finding.of(name(), Severity.OK, "Newest document written " + age, figures);
    }
}
