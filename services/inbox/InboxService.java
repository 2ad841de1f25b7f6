package services.inbox;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import services.text.PlainText;
import services.audit.Receipts;
import services.failed.FailedTargetsService;
import services.inbox.InboxItem.Kind;
import services.policy.Policy;
import services.policy.PolicyService;
import services.policy.SupervisedApprovals;
import services.review.Proposal;
import services.review.ReviewService;
import services.review.remote.SharedBranch;
import services.scheduler.JobHistory;
import services.scheduler.JobRun;
import services.text.HumanDuration;
import services.text.KindWords;
import services.watchdog.Finding;
import services.watchdog.Severity;
import services.watchdog.WatchdogLog;

/**
 * Gathers what waits for a person from the services that hold it — pending proposals (protected files first, then
 * by risk), supervised approvals to confirm before their deadline, failed targets (those about to expire first),
 * the watchdog's last findings that are not OK (a stale or blind source among them), a sync or job that failed, and
 * clears a fault cut short, decisions not pushed to the shared review branch — most urgent first. It only reads: nothing is finished, cleared or decided here. A
 * source that cannot be read is itself an item ("unread source"), so the inbox never says "nothing needs you"
 * because it could not look.
 */
public final class InboxService {

    /** A deadline nearer than this makes its item urgent. */
    static final Duration SOON = Duration.ofDays(1);
    /** How far back the receipts of the trust dial are listed. */
    public static final Duration RECEIPTS = Duration.ofDays(1);
    private static final List<String> SOURCE_CHECKS = List.of("staleness", "otel-events", "write-side", "blind");

    private final ReviewService review;
    private final PolicyService policy;
    private final Supplier<FailedTargetsService> failed;
    private final WatchdogLog watchdog;
    private final JobHistory jobs;
    private final Clock clock;
    private final Supplier<SharedBranch.Report> sharing;

    /**
     * @param failed the failed targets (built when read: it opens the index; null when the workspace has none)
     */
    public InboxService(ReviewService review, PolicyService policy, Supplier<FailedTargetsService> failed,
                        WatchdogLog watchdog, JobHistory jobs, Clock clock) {
        this(review, policy, failed, watchdog, jobs, clock, () -> new SharedBranch.Report(List.of(), List.of()));
    }

    /** @param sharing where the shared review branch stands (refs and its state file only, no network) */
    public InboxService(ReviewService review, PolicyService policy, Supplier<FailedTargetsService> failed,
                        WatchdogLog watchdog, JobHistory jobs, Clock clock, Supplier<SharedBranch.Report> sharing) {
        this.sharing = sharing;
        this.review = review;
        this.policy = policy;
        this.failed = failed;
        this.watchdog = watchdog;
        this.jobs = jobs;
        this.clock = clock;
    }

    public Inbox read() {
        Instant now = clock.instant();
        List<InboxItem> items = new ArrayList<>();
        guarded(items, "the proposals", "review", () -> proposals(items));
        guarded(items, "the supervised approvals", "settings", () -> supervised(items, now));
        guarded(items, "the failed targets", "failed", () -> failedTargets(items, now));
        guarded(items, "the watchdog's log", "health", () -> findings(items, now));
        guarded(items, "the job history", "health", () -> jobRuns(items));
        guarded(items, "the shared review branch", "review", () -> SharingItems.add(sharing.get(), items));
        List<Receipts.Receipt> receipts = new ArrayList<>();
        guarded(items, "the trust dial's receipts", "settings", () -> receipts.addAll(policy.receipts(RECEIPTS)));
        items.sort(Comparator.comparingInt(InboxItem::rank)
                .thenComparing(InboxItem::due, Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(InboxItem::since, Comparator.nullsLast(Comparator.naturalOrder())));
        return new Inbox(now, items, receipts);
    }

    private static void guarded(List<InboxItem> items, String what, String section, Runnable read) {
        try {
            read.run();
        } catch (RuntimeException e) {
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : firstLine(e.getMessage());
            items.add(new InboxItem(Kind.UNREADABLE, "Could not read " + what, reason, null, null, section, null, 2));
        }
    }

    private void proposals(List<InboxItem> items) {
        for (Proposal p : review.proposals()) {
            if (!p.valid() && !p.isTampered()) {
                if (p.status() == null || "pending".equals(p.status())) {
                    items.add(new InboxItem(Kind.PROPOSAL, "Invalid proposal " + name(p), firstLine(p.problem()),
                            created(p), null, "review", p.id(), 6));
                }
                continue;
            }
            if (p.isTampered()) { // decided, and its file rewritten since: a person should know an agent did that
                items.add(new InboxItem(Kind.PROPOSAL, "Tampered proposal " + name(p),
                        firstLine(p.tampered().summary(p.status())), created(p), null, "review", p.id(), 2));
                continue;
            }
            if (!"pending".equals(p.status())) {
                continue; // decided, or sent back to the agent: nothing for a person yet
            }
            String refused = review.item(p).problem();
            if (refused != null) { // unsafe, conflicting or too large: Review refuses it, so it never reads as waiting
                items.add(new InboxItem(Kind.PROPOSAL, "Blocked proposal " + name(p), firstLine(refused), created(p),
                        null, "review", p.id(), 6));
                continue;
            }
            Policy.Applying applying = policy.applying(p);
            String kind = Optional.ofNullable(KindWords.of(p.kind())).orElse("change");
            boolean guarded = applying.reason() != null && applying.reason().startsWith("protected path");
            String risk = p.risk() == null ? "" : p.risk().toLowerCase(Locale.ROOT);
            int rank = guarded ? 3 : switch (risk) {
                case "high", "critical" -> 4;
                case "low" -> 9;
                default -> 7;
            };
            String why = guarded ? "Protected file: only a person approves it"
                    : (risk.isEmpty() ? "No risk given" : capital(risk) + " risk") + ", waiting for a decision";
            items.add(new InboxItem(Kind.PROPOSAL, capital(kind) + " of " + target(p), why, created(p), null,
                    "review", p.id(), rank));
        }
    }

    private void supervised(List<InboxItem> items, Instant now) {
        for (SupervisedApprovals.Pending p : policy.toConfirm()) {
            long left = Duration.between(now, p.due()).toMillis();
            String why = left <= 0 ? "Overdue: reverted at the next policy run unless confirmed"
                    : "Reverted in " + HumanDuration.until(left) + " unless confirmed";
            String kind = Optional.ofNullable(KindWords.of(p.kind())).orElse("change");
            items.add(new InboxItem(Kind.SUPERVISED, "Confirm the " + kind + " of " + orId(p.target(), p.id()), why,
                    p.approvedAt(), p.due(), "settings", p.id(), left < SOON.toMillis() ? 1 : 5));
        }
    }

    private void failedTargets(List<InboxItem> items, Instant now) {
        FailedTargetsService service = failed == null ? null : failed.get();
        if (service == null) {
            return;
        }
        FailedTargetsService.Listing listing = service.list();
        Map<String, Instant> clearedAt = lastClears(service);
        for (FailedTargetsService.Target t : listing.targets()) {
            Instant failedAt = Instant.ofEpochMilli(t.failedAtMillis());
            Instant cleared = clearedAt.get(t.key());
            if (cleared != null && !failedAt.isAfter(cleared)) {
                items.add(new InboxItem(Kind.INTERRUPTED, "Finish clearing " + t.key(),
                        "A clear " + HumanDuration.of(now.toEpochMilli() - cleared.toEpochMilli())
                                + " ago did not reach every store; clear it again", cleared, null, "failed", t.key(), 0));
                continue;
            }
            long left = t.expiresAtMillis() - now.toEpochMilli();
            boolean expiring = t.expiresAtMillis() > 0 && left < SOON.toMillis();
            String why = t.expiresAtMillis() <= 0 ? "Planners skip it until it is cleared"
                    : left <= 0 ? "Expired: planners may retry it now"
                    : expiring ? "Expires in " + HumanDuration.until(left) + ": planners retry it then"
                    : "Planners skip it for " + HumanDuration.until(left) + " more";
            String story = t.storyTitle() == null || t.storyTitle().isBlank() ? "" : ": " + firstLine(t.storyTitle());
            items.add(new InboxItem(Kind.FAILED_TARGET, "Failed target " + t.key() + story, why, failedAt,
                    t.expiresAtMillis() > 0 ? Instant.ofEpochMilli(t.expiresAtMillis()) : null, "failed", t.key(),
                    expiring ? 8 : 10));
        }
        for (String problem : listing.problems()) {
            items.add(new InboxItem(Kind.UNREADABLE, "Failed targets not fully read", firstLine(problem), null, null,
                    "failed", null, 2));
        }
    }

    /** When each target was last named by a clear (so a target still listed after it is a clear cut short). */
    private static Map<String, Instant> lastClears(FailedTargetsService service) {
        Map<String, Instant> out = new HashMap<>();
        for (JsonNode e : service.history()) {
            if (!"clear_failed".equals(e.path("action").asText())) {
                continue;
            }
            Instant at = instant(e.path("ts").asText(""));
            if (at == null) {
                continue;
            }
            e.path("targets").forEach(t -> out.merge(t.asText(), at, (a, b) -> a.isAfter(b) ? a : b));
        }
        return out;
    }

    private void findings(List<InboxItem> items, Instant now) {
        List<WatchdogLog.Entry> runs = watchdog.recent(1).runs();
        if (!runs.isEmpty()) {
            findings(items, runs.get(runs.size() - 1), now);
        }
    }

    /**
     * The unhealthy findings of the latest watchdog run. A finding saying the run was blind (it read no source of
     * events) is a {@link Kind#BLIND} item, as urgent as an error: it hides whatever else is wrong, and it is not a
     * stale source.
     */
    static void findings(List<InboxItem> items, WatchdogLog.Entry last, Instant now) {
        long since = now.toEpochMilli() - last.ranAt().toEpochMilli();
        String ago = since < 60_000 ? "watchdog, just now" : "watchdog, " + HumanDuration.of(since) + " ago";
        for (Finding f : last.findings()) {
            if (!f.severity().unhealthy()) {
                continue;
            }
            boolean blind = Boolean.TRUE.equals(f.figures().get("blind"));
            boolean source = SOURCE_CHECKS.stream().anyMatch(c -> f.check().toLowerCase(Locale.ROOT).contains(c));
            String severity = f.severity() == Severity.ERROR ? "Error" : "Warning";
            items.add(new InboxItem(blind ? Kind.BLIND : source ? Kind.SOURCE : Kind.FINDING, firstLine(f.message()),
                    severity + " from " + words(f.check()) + " (" + ago + ")", last.ranAt(), null, "health",
                    f.check(), f.severity() == Severity.ERROR || blind ? 2 : 6));
        }
        for (String problem : last.problems()) {
            items.add(new InboxItem(Kind.SOURCE, "A watchdog check could not run", firstLine(problem) + " (" + ago + ")",
                    last.ranAt(), null, "health", null, 6));
        }
    }

    private void jobRuns(List<InboxItem> items) {
        for (String job : List.of("sync", "watchdog", "policy", "reach")) {
            JobRun run = jobs.last(job).orElse(null);
            if (run == null || run.status() != JobRun.Status.FAILED && run.status() != JobRun.Status.WARNING) {
                continue;
            }
            boolean sync = "sync".equals(job);
            if (!sync && run.status() == JobRun.Status.WARNING) {
                continue; // the watchdog's warnings are its findings, listed above
            }
            String what = run.status() == JobRun.Status.FAILED ? "The last " + words(job) + " failed"
                    : "The last sync found problems";
            items.add(new InboxItem(sync ? Kind.SYNC : Kind.JOB, what, firstLine(run.summary()), run.startedAt(), null,
                    "health", job, run.status() == JobRun.Status.FAILED ? 2 : 6));
        }
    }

    private static String name(Proposal p) {
        return p.id() != null && !p.id().isBlank() ? p.id() : p.file().getFileName().toString();
    }

    private static String target(Proposal p) {
        return orId(p.target(), p.id());
    }

    private static String orId(String target, String id) {
        return target != null && !target.isBlank() ? firstLine(target) : id;
    }

    private static Instant created(Proposal p) {
        Instant at = instant(p.created());
        if (at != null || p.file() == null) {
            return at;
        }
        try {
            return Files.getLastModifiedTime(p.file()).toInstant();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** An ISO instant, offset date-time or date; null for anything else. */
    static Instant instant(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String t = text.strip();
        try {
            return Instant.parse(t);
        } catch (RuntimeException notInstant) {
            try {
                return OffsetDateTime.parse(t).toInstant();
            } catch (RuntimeException notOffset) {
                try {
                    return LocalDate.parse(t).atStartOfDay(ZoneOffset.UTC).toInstant();
                } catch (RuntimeException notDate) {
                    return null;
                }
            }
        }
    }

    /** A code in words: "otel-events" → "otel events", "turn-write-compliance" → "turn write compliance". */
    static String words(String code) {
        return code == null ? "" : code.replace('_', ' ').replace('-', ' ');
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        String line = text.strip().lines().findFirst().orElse("");
        return PlainText.oneLine(line);
    }
}
