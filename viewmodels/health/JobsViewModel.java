package viewmodels.health;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.errors.ConsoleException;
import services.scheduler.JobRun;
import services.scheduler.Scheduler;
import services.text.HumanDuration;
import viewmodels.text.Moments;

/**
 * The scheduled jobs: next run, last run (status, duration, summary), state; run now, pause/resume, cancel, and a
 * schedule edit validated before it is saved. Follows the scheduler's changes.
 */
public final class JobsViewModel {

    private final Scheduler scheduler;
    private final Moments moments;
    private final ObservableList<JobRow> rows = FXCollections.observableArrayList();
    private final ObservableList<String> history = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper scheduleError = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problems = new ReadOnlyStringWrapper("");
    private String selected;

    public JobsViewModel(Scheduler scheduler, ZoneId zone, Clock clock) {
        this.scheduler = scheduler;
        this.moments = new Moments(clock.withZone(zone));
        scheduler.addListener(this::refresh);
        refresh();
    }

    public void refresh() {
        List<JobRow> fresh = scheduler.statuses().stream().map(this::row).toList();
        if (fresh.size() != rows.size()) {
            rows.setAll(fresh);
        } else {
            for (int i = 0; i < fresh.size(); i++) { // only changed rows, so a table keeps its selection
                if (!fresh.get(i).equals(rows.get(i))) {
                    rows.set(i, fresh.get(i));
                }
            }
        }
        problems.set(String.join("\n", scheduler.problems()));
        showHistory();
    }

    private JobRow row(Scheduler.JobStatus s) {
        String state = switch (s.state()) {
            case RUNNING -> "running" + (s.progress() == null ? "" : ": " + s.progress());
            case QUEUED -> "queued";
            case IDLE -> "idle";
        };
        String next = s.paused() ? "paused" : s.nextRun() == null ? "not scheduled" : when(s.nextRun());
        return new JobRow(s.id(), s.title(), s.expression(), s.description(), next, last(s.lastRun()), state,
                s.paused(), s.overran(), s.problem() == null ? "" : s.problem());
    }

    private String last(JobRun run) {
        if (run == null) {
            return "never";
        }
        return words(run.status()) + " · " + when(run.startedAt()) + " · took " + took(run.durationMillis())
                + (summary(run).isEmpty() ? "" : " · " + summary(run));
    }

    /** How a run ended, in words as Health's badges say a severity: "OK", "Warning", "Skipped" — not SKIPPED. */
    static String words(JobRun.Status status) {
        return switch (status) {
            case OK -> "OK";
            case WARNING -> "Warning";
            case FAILED -> "Failed";
            case CANCELLED -> "Cancelled";
            case SKIPPED -> "Skipped";
        };
    }

    /** How long a run took, once and readably: "509 ms", "4.2 s", "3 min" (a run of half a second is not "0 min"). */
    static String took(long millis) {
        if (millis < 1_000) {
            return Math.max(0, millis) + " ms";
        }
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        return HumanDuration.of(millis);
    }

    /** The run's summary without the sync's own "(509 ms)" at its end: the row says how long the run took. */
    private static String summary(JobRun run) {
        return run.summary().replaceFirst(" \\(\\d+ ms\\)$", "");
    }

    /** "2026-11-26 21:47 (in 3 h)": a next run, a run's start, as every screen writes a moment. */
    private String when(Instant t) {
        return moments.momentAndDistance(t);
    }

    public void select(String jobId) {
        if (!Objects.equals(jobId, selected)) {
            scheduleError.set(""); // another job: the refusal was of the other one's field (the same job's stays said)
        }
        selected = jobId;
        showHistory();
    }

    private void showHistory() {
        history.setAll(selected == null ? List.of() : scheduler.history().recent(selected, 20).stream()
                .map(r -> when(r.startedAt()) + "  " + r.trigger().name().toLowerCase().replace('_', '-') + "  "
                        + words(r.status()) + "  " + took(r.durationMillis()) + "  " + summary(r)).toList());
    }

    public void runNow(String jobId) {
        if (jobId != null) {
            message.set(scheduler.runNow(jobId) ? "" : jobId + " is already running or queued.");
        }
    }

    public void cancel(String jobId) {
        if (jobId != null) {
            scheduler.cancel(jobId);
        }
    }

    public void togglePause(JobRow row) {
        if (row != null) {
            act(() -> scheduler.setPaused(row.id(), !row.paused()));
        }
    }

    /** Saves a new schedule; false (with the reason in {@link #scheduleErrorProperty()}) when it is not valid. */
    public boolean applySchedule(String jobId, String expression) {
        try {
            scheduler.reschedule(jobId, expression);
            scheduleError.set("");
            message.set("Schedule of " + jobId + " saved in workspace.json.");
            return true;
        } catch (ConsoleException e) {
            scheduleError.set(e.getMessage());
            return false;
        }
    }

    private void act(Runnable action) {
        try {
            action.run();
            message.set("");
        } catch (ConsoleException e) {
            message.set(e.getMessage());
        }
    }

    public ObservableList<JobRow> rows() {
        return FXCollections.unmodifiableObservableList(rows);
    }

    public ObservableList<String> history() {
        return FXCollections.unmodifiableObservableList(history);
    }

    public ReadOnlyStringProperty scheduleErrorProperty() {
        return scheduleError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemsProperty() {
        return problems.getReadOnlyProperty();
    }
}
