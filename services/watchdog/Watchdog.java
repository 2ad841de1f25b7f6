package services.watchdog;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.opentelemetry.api.common.Attributes;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import services.audit.DecisionLog;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeIndex;
import services.tasks.ProgressSink;
import services.telemetry.OtelSink;
import services.telemetry.Telemetry;
import services.text.HumanDuration;
import services.workspace.Workspace;

/**
 * The knowledge watchdog (ADR-0199, ADR-0202): runs its checks, one finding each, and reports in the running
 * system's shape. It honours and sets its own gate (a forced run ignores the gate but still sets it); it reads the
 * running system's {@code knowledge:watchdog:last_run} and writes it only when this run did that watchdog's work on
 * its collection ({@link WatchdogGate}), so it never silences it; it emits a {@code knowledge.watchdog.check} event
 * through {@link OtelSink}, and keeps every run in {@link WatchdogLog}. A read-only workspace only keeps the run in
 * its log: no gate, no event, no prune, no recovery.
 */
public final class Watchdog {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String COULD_NOT_RUN = "The check could not run: ";

    private final Workspace ws;
    private final KnowledgeIndex index;
    private final OtelEventSource events;
    private final WatchdogGate gate;
    private final List<WatchdogCheck> checks;
    private final WatchdogLog log;
    private final Clock clock;
    private final Telemetry telemetry;

    public Watchdog(Workspace ws, KnowledgeIndex index, OtelEventSource events, WatchdogGate gate,
                    List<WatchdogCheck> checks, Clock clock, Telemetry telemetry) {
        this.ws = ws;
        this.index = index;
        this.events = events;
        this.gate = gate;
        this.checks = List.copyOf(checks);
        this.log = new WatchdogLog(ws.stateDir());
        this.clock = clock;
        this.telemetry = telemetry;
    }

    public WatchdogLog log() {
        return log;
    }

    public WatchdogReport run(boolean force, ProgressSink progress) {
        WatchdogSettings settings = WatchdogSettings.of(ws);
        long now = clock.millis();
        List<String> problems = new ArrayList<>(settings.problems());
        Long last = null;
        try {
            last = gate.lastRun();
        } catch (RuntimeException e) {
            problems.add("Cannot read the watchdog gate (" + gate.describe() + "): " + e.getMessage());
        }
        long gateMillis = (long) (settings.gateHours() * 3_600_000);
        if (!force && last != null && now - last >= 0 && now - last < gateMillis) {
            return new WatchdogReport("skipped", true, null, List.of(), Map.of("last_run", last), Map.of(), List.of(),
                    clock.instant(), 0, "a watchdog ran " + HumanDuration.of(now - last) + " ago (" + gate.describe()
                    + "); runs within " + Math.round(settings.gateHours()) + " h are skipped — force a run (--force, "
                    + "or Run watchdog now) to run anyway",
                    problems);
        }
        return telemetry.traced("watchdog", Attributes.of(Telemetry.KIND, force ? "forced" : "scheduled"),
                () -> checkAll(settings, now, progress, problems), report -> {
                    report.findings().forEach(f -> telemetry.finding(f.severity().name()));
                    return Attributes.builder().put("brainconsole.healthy", report.healthy())
                            .put("brainconsole.blind", report.blind())
                    .put(Telemetry.COUNT, (long) report.issues().size()).build();
                });
    }

    private WatchdogReport checkAll(WatchdogSettings settings, long now, ProgressSink progress, List<String> problems) {
        WatchdogRun run = new WatchdogRun(ws, index, events, settings, now, progress);
        Map<String, Object> stats = new LinkedHashMap<>();
        if (ws.readOnly()) {
            stats.put("read_only", true);
        }
        List<Finding> findings = new ArrayList<>();
        Map<String, Object> recovery = null;
        Map<String, Object> pruned = null;
        for (int i = 0; i < checks.size(); i++) {
            progress.checkCancelled();
            WatchdogCheck check = checks.get(i);
            progress.update((double) i / checks.size(), "Checking " + check.name());
            CheckResult result;
            try {
                result = check.run(run);
            } catch (ConsoleException | IllegalStateException e) {
                result = CheckResult.of(Finding.of(check.name(), Severity.ERROR, COULD_NOT_RUN
                        + e.getMessage(), Map.of()));
            }
            stats.putAll(run.eventStats()); // in the order read: the check that first read the events comes first
            findings.addAll(result.findings());
            stats.putAll(result.stats());
            recovery = result.recovery() != null ? result.recovery() : recovery;
            pruned = result.pruned() != null ? result.pruned() : pruned;
        }
        if (run.events() != null) {
            problems.addAll(run.events().problems());
        }
        stats.putAll(run.eventStats());
        List<String> issues = findings.stream().filter(f -> f.severity().unhealthy()).map(Finding::message).toList();
        Map<String, Object> system = ws.readOnly() ? systemWatchdog(null, false, problems)
                : systemWatchdog(now, sharedWork(findings, pruned), problems);
        long end = clock.millis();
        WatchdogReport report = new WatchdogReport("ran", issues.isEmpty(), recovery, issues,
                stats, pruned == null ? Map.of() : pruned, findings,
                Instant.ofEpochMilli(now), end - now, null, problems, system);
        record(report, problems);
        return report;
    }

    /**
     * Whether this run did the running system's watchdog's work: checked (and if need be recovered) the collection
     * and pruned every failed target past its TTL, both without failing. A target left by the prune grace is work
     * not done.
     */
    private static boolean sharedWork(List<Finding> findings, Map<String, Object> pruned) {
        boolean collection = findings.stream().anyMatch(f -> f.check().equals("collection") && !f.message()
                .startsWith(COULD_NOT_RUN));
        boolean prune = findings.stream().anyMatch(f -> f.check().equals("failed-target-ttl") && !f.message()
                .startsWith(COULD_NOT_RUN));
        boolean keptNone = pruned != null && !pruned.containsKey("error")
                && ((Number) pruned.getOrDefault("kept", 0L)).longValue() == 0;
        return collection && prune && keptNone;
    }

    /**
     * The running system's watchdog as this run leaves it: when it last ran (read before this run wrote anything),
     * and whether this run wrote its key — only when {@code runAt} is given and the run did its work on its
     * collection.
     */
    private Map<String, Object> systemWatchdog(Long runAt, boolean sharedWork, List<String> problems) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("key", gate.systemKey());
        Long last = null;
        if (gate.systemKey() != null) {
            try {
                last = gate.systemLastRun();
            } catch (RuntimeException e) {
                problems.add("Cannot read " + gate.systemKey() + ": " + e.getMessage());
            }
        }
        out.put("lastRun", last == null ? null : Instant.ofEpochMilli(last).toString());
        boolean written = false;
        String note;
        if (runAt == null) {
            note = "not written: the workspace is read-only";
        } else if (gate.notShared() != null) {
            note = "not written: " + gate.notShared();
        } else if (!sharedWork) {
            note = "not written: this run did not do the running watchdog's work (prune every expired failed target, "
                    + "check the collection), so that watchdog still runs on its schedule";
        } else {
            try {
                written = gate.recordShared(runAt);
                note = written ? "written: this run pruned expired failed targets and checked the collection the "
                        + "running watchdog works on" : "not written";
            } catch (RuntimeException e) {
                note = "not written: " + e.getMessage();
                problems.add("Cannot set " + gate.systemKey() + ": " + e.getMessage());
            }
        }
        out.put("written", written);
        out.put("note", note);
        return out;
    }

    /**
     * Keeps the run: its history in {@code state/watchdog.jsonl} always (the console's own record, which the Health
     * screen reads, like the job history); the {@code knowledge.watchdog.check} event and the console's own gate only
     * when the workspace is writable — a read-only workspace writes nothing the running system or a later run would
     * read.
     */
    private void record(WatchdogReport report, List<String> problems) {
        try {
            log.append(report);
        } catch (ConsoleException e) {
            problems.add(e.getMessage());
        }
        if (ws.readOnly()) {
            return;
        }
        try {
            emitEvent(report);
        } catch (ConsoleException e) {
            problems.add(e.getMessage());
        }
        try {
            gate.record(report.ranAt().toEpochMilli());
        } catch (RuntimeException e) {
            problems.add("Cannot set the watchdog gate (" + gate.describe() + "): " + e.getMessage());
        }
    }

    private void emitEvent(WatchdogReport report) {
        ObjectNode e = DecisionLog.entry();
        e.put("id", UUID.randomUUID().toString());
        e.put("timestamp", report.ranAt().toEpochMilli());
        e.put("sessionId", "");
        e.put("systemId", "brain-console");
        e.put("level", report.healthy() ? "info" : "warn");
        e.put("source", "brain-console");
        e.put("component", "knowledge-watchdog");
        e.put("action", "knowledge.watchdog.check");
        e.put("duration_ms", report.durationMillis());
        e.put("success", report.healthy());
        ObjectNode meta = e.putObject("metadata");
        meta.setAll((ObjectNode) JSON.valueToTree(report.stats()));
        meta.set("recovery", JSON.valueToTree(report.recovery()));
        meta.put("blind", report.blind());
        meta.put("issue_count", report.issues().size());
        meta.set("issues", JSON.valueToTree(report.issues()));
        OtelSink.of(ws, "watchdog.jsonl", clock).append(e);
    }
}
