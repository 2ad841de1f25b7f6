package viewmodels.health;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.scheduler.Scheduler;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import services.watchdog.Evidence;
import services.watchdog.Finding;
import services.watchdog.Severity;
import services.watchdog.WatchdogLog;
import viewmodels.inbox.OpenAt;
import viewmodels.text.Moments;

/**
 * The Health screen's watchdog half: the latest run's findings, worst first, with their figures, evidence and
 * trend over the last runs; and an alert whenever a run brings a warning or error the run before did
 * not have. Reloads when the scheduler finishes a watchdog run.
 */
public final class HealthViewModel {

    public static final int TREND_RUNS = 12;

    private final WatchdogLog log;
    private final Scheduler scheduler;
    private final Evidence evidence;
    private final TaskRunner runner;
    private final Moments moments;
    private final Consumer<Evidence.Item> open;
    private final ObservableList<FindingRow> findings = FXCollections.observableArrayList();
    private final ObservableList<EvidenceRow> evidenceRows = FXCollections.observableArrayList();
    private final Map<String, Evidence.Item> evidenceItems = new HashMap<>();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("No watchdog run yet: run it now (Ctrl+R).");
    private final ReadOnlyStringWrapper problems = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper alert = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper healthy = new ReadOnlyBooleanWrapper(true);
    private Instant alerted; // the newest run already shown; null until the first load
    private Instant lastWatchdogRun;
    private final OpenAt openAt = new OpenAt();

    public HealthViewModel(WatchdogLog log, Scheduler scheduler, Evidence evidence,
                           TaskRunner runner, ZoneId zone, Consumer<Evidence.Item> open) {
        this.log = log;
        this.scheduler = scheduler;
        this.evidence = evidence;
        this.runner = runner;
        this.moments = Moments.in(zone);
        this.open = open;
        this.lastWatchdogRun = watchdogRun();
        scheduler.addListener(() -> {
            Instant latest = watchdogRun();
            if (latest != null && !latest.equals(lastWatchdogRun)) {
                lastWatchdogRun = latest;
                refresh();
            }
        });
    }

    private Instant watchdogRun() {
        return scheduler.history().last("watchdog").map(r -> r.startedAt()).orElse(null);
    }

    /** First load: shows the latest run without alerting for it. */
    public void start() {
        load(true);
    }

    /** Reads the watchdog log in the background and shows the latest run, alerting for what is new. */
    public void refresh() {
        load(false);
    }

    private void load(boolean first) {
        runner.submit("Reading watchdog history", p -> log.recent(TREND_RUNS), TaskCallbacks.of(read -> show(read, first),
                e -> problems.set("Cannot read the watchdog history: " + e.getMessage())));
    }

    public void runWatchdogNow() {
        if (!scheduler.runNow("watchdog")) {
            summary.set("The watchdog is already running or queued.");
        }
    }

    private void show(WatchdogLog.Read read, boolean first) {
        problems.set(String.join("\n", read.problems()));
        List<WatchdogLog.Entry> runs = read.runs();
        if (runs.isEmpty()) {
            alerted = first ? Instant.EPOCH : alerted;
            return;
        }
        WatchdogLog.Entry latest = runs.get(runs.size() - 1);
        problems.set(String.join("\n", Stream.concat(read.problems().stream(),
                latest.problems().stream()).toList()));
        List<Finding> before = runs.size() > 1 ? runs.get(runs.size() - 2).findings() : List.of();
        List<FindingRow> rows = new ArrayList<>();
        List<String> fresh = new ArrayList<>();
        for (Finding f : latest.findings()) {
            boolean isNew = f.severity().unhealthy() && before.stream()
                    .noneMatch(b -> b.check().equals(f.check()) && b.severity().compareTo(f.severity()) >= 0);
            if (isNew) {
                fresh.add(f.severity() + ": " + f.message());
            }
            rows.add(new FindingRow(f.severity().name(), f.check(), f.message(), figures(f.figures()), f.evidence(), isNew,
                    runs.stream().map(r -> r.findings().stream().filter(x -> x.check().equals(f.check()))
                            .map(x -> x.severity().name()).findFirst().orElse("")).toList()));
        }
        rows.sort(Comparator.comparing((FindingRow r) -> Severity.valueOf(r.severity())).reversed());
        findings.setAll(rows);
        long warnings = rows.stream().filter(r -> r.severity().equals("WARNING")).count();
        long errors = rows.stream().filter(r -> r.severity().equals("ERROR")).count();
        healthy.set(latest.healthy());
        int unrun = latest.problems().size();
        String counts = errors + " error" + (errors == 1 ? "" : "s") + ", " + warnings + " warning" + (warnings == 1 ? "" : "s")
                + (unrun == 0 ? "" : ", " + unrun + (unrun == 1 ? " check" : " checks") + " could not run");
        summary.set("Last run " + moments.moment(latest.ranAt()) + " · " + (latest.blind()
                ? "BLIND: no source of events, so not healthy · " + counts
                : latest.healthy() ? "healthy" : counts) + systemWatchdog(latest.systemWatchdog()));
        if (!first && alerted != null && latest.ranAt().isAfter(alerted) && !fresh.isEmpty()) {
            alert.set(String.join("\n", fresh));
        }
        if (first || alerted != null) {
            alerted = latest.ranAt();
        }
    }

    /** When the running system's watchdog last ran, as its Redis key says, on a line of its own; "" without Redis. */
    private String systemWatchdog(Map<String, Object> system) {
        if (system.get("key") == null) {
            return "";
        }
        Object last = system.get("lastRun");
        String when = last instanceof String iso ? moments.moment(iso) : "never, as far as its key says";
        return "\nThe running system's watchdog last ran " + when + " (" + system.get("key") + "; "
                + (Boolean.TRUE.equals(system.get("written")) ? "this run did its work and set it)"
                : "this console leaves it to that watchdog)");
    }

    private static String figures(Map<String, Object> figures) {
        return figures.entrySet().stream().map(e -> figure(e.getKey(), e.getValue())).collect(Collectors.joining(" · "));
    }

    /** A figure in words: "noOutcome 2" is "no outcome 2", "windowHours 24" "window 24 h". */
    static String figure(String key, Object value) {
        return key.endsWith("Hours") && key.length() > 5 ? words(key.substring(0, key.length() - 5)) + " " + value + " h"
                : words(key) + " " + value;
    }

    private static String words(String key) {
        return key.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }

    /**
     * The inbox's Enter on a finding (its check) or a job's last run (the job's id): that finding, else that job,
     * is selected once shown.
     */
    public void open(String subject) {
        openAt.open(subject);
    }

    /** Where the inbox asked this screen to open: a finding's check or a job's id. */
    public OpenAt openAt() {
        return openAt;
    }

    /** Shows what the selected finding's evidence refers to. */
    public void select(FindingRow row) {
        evidenceRows.clear();
        evidenceItems.clear();
        if (row == null || row.evidence().isEmpty()) {
            return;
        }
        runner.submit("Reading evidence", p -> evidence.describe(row.evidence()), TaskCallbacks.of(items -> {
            items.forEach(i -> evidenceItems.put(i.ref(), i));
            // an event's instant written as the window writes a moment, as every time on the screen
            evidenceRows.setAll(items.stream().map(i -> new EvidenceRow(i.ref(), moments.within(i.text()),
                    i.documentId() != null || i.file() != null)).toList());
        }, e -> problems.set("Cannot read the evidence: " + e.getMessage())));
    }

    /** Opens a document in the Knowledge browser, or an event's file. */
    public void open(EvidenceRow row) {
        Evidence.Item item = row == null ? null : evidenceItems.get(row.ref());
        if (item != null && row.openable()) {
            open.accept(item);
        }
    }

    public ObservableList<FindingRow> findings() {
        return FXCollections.unmodifiableObservableList(findings);
    }

    public ObservableList<EvidenceRow> evidence() {
        return FXCollections.unmodifiableObservableList(evidenceRows);
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemsProperty() {
        return problems.getReadOnlyProperty();
    }

    /** The newest alert: new warnings and errors of the latest run, one per line. */
    public ReadOnlyStringProperty alertProperty() {
        return alert.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty healthyProperty() {
        return healthy.getReadOnlyProperty();
    }
}
