package services.scheduler;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import services.tasks.TaskCallbacks;
import services.tasks.TaskHandle;
import services.tasks.TaskRunner;

/**
 * Runs the workspace's jobs on their cron schedules, one job at a time, through the injected {@link TaskRunner}.
 * It keeps no thread of its own: whoever owns time calls {@link #tick()} (the window every few seconds, the
 * headless {@code scheduler} command in its loop, tests after moving their clock).
 *
 * <p>Rules: a job that comes due while its previous run is still going (or still queued) is skipped and flagged
 * as an overrun; at {@link #start()} a job whose last scheduled time passed while the console was closed runs
 * once ("catch-up"); a paused job keeps its schedule but is not run by it; an invalid schedule is reported and
 * only that job stops being scheduled.
 */
public final class Scheduler {

    public enum State { IDLE, QUEUED, RUNNING }

    /** One job as the Health screen and the CLI show it. */
    public record JobStatus(String id, String title, String expression, String description, boolean paused,
                            State state, Instant nextRun, JobRun lastRun, boolean overran, String problem,
                            String progress) {
    }

    private static final DateTimeFormatter HHMM = DateTimeFormatter.ofPattern("HH:mm");

    private final Map<String, Slot> slots = new LinkedHashMap<>();
    private final Deque<Slot> queue = new ArrayDeque<>();
    private final TaskRunner runner;
    private final Clock clock;
    private final JobHistory history;
    private final ScheduleSettings settings;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private Slot running;
    private Instant vaultChangedAt;

    public Scheduler(List<Job> jobs, ScheduleSettings settings, JobHistory history, TaskRunner runner, Clock clock) {
        this.runner = runner;
        this.clock = clock;
        this.history = history;
        this.settings = settings;
        for (Job job : jobs) {
            Slot slot = new Slot(job);
            slot.paused = settings.paused(job.id());
            slot.use(settings.expression(job));
            slots.put(job.id(), slot);
        }
    }

    /** Computes next runs and queues one catch-up run per job whose last scheduled time was missed. */
    public synchronized void start() {
        ZonedDateTime now = now();
        for (Slot slot : slots.values()) {
            slot.next = slot.nextAfter(now);
            if (slot.paused || slot.schedule == null) {
                continue;
            }
            var missed = slot.schedule.last(now);
            var last = history.last(slot.job.id());
            if (missed.isPresent() && last.isPresent() && last.get().startedAt().isBefore(missed.get().toInstant())) {
                slot.missed = missed.get().toInstant();
                enqueue(slot, JobRun.Trigger.CATCH_UP);
            }
        }
        pump();
        changed();
    }

    /** Queues every job that is due now (or overruns it), and the vault-watch sync after its quiet period. */
    public synchronized void tick() {
        ZonedDateTime now = now();
        for (Slot slot : slots.values()) {
            if (slot.next != null && !now.isBefore(slot.next)) {
                ZonedDateTime due = slot.next;
                slot.next = slot.nextAfter(now);
                if (slot.paused) {
                    continue;
                }
                if (slot == running || queue.contains(slot)) {
                    overrun(slot, due);
                } else {
                    enqueue(slot, JobRun.Trigger.SCHEDULE);
                }
            }
        }
        Slot sync = slots.values().stream().filter(slot -> slot.job.followsVaultChanges()).findFirst().orElse(null);
        if (vaultChangedAt != null && sync != null && sync != running && !queue.contains(sync)
                && Duration.between(vaultChangedAt, now.toInstant()).getSeconds() >= settings.quietSeconds()) {
            vaultChangedAt = null;
            enqueue(sync, JobRun.Trigger.VAULT_WATCH);
        }
        pump();
        changed();
    }

    /** Whether the workspace asks for a sync after vault changes ({@code vaultWatch.enabled}). */
    public boolean watchesVault() {
        return settings.vaultWatch();
    }

    /** A file in the vault changed: the sync runs once the vault has been quiet for the configured time. */
    public synchronized void vaultChanged() {
        vaultChangedAt = clock.instant();
    }

    /** Queues the job now; false when it is already running or queued. */
    public synchronized boolean runNow(String id) {
        Slot slot = slot(id);
        if (slot == running || queue.contains(slot)) {
            return false;
        }
        enqueue(slot, JobRun.Trigger.MANUAL);
        pump();
        changed();
        return true;
    }

    public synchronized void cancel(String id) {
        Slot slot = slot(id);
        if (queue.remove(slot)) {
            changed();
        } else if (slot == running && slot.handle != null) {
            slot.handle.cancel();
        }
    }

    public synchronized void setPaused(String id, boolean pause) {
        Slot slot = slot(id);
        settings.savePaused(id, pause);
        slot.paused = pause;
        slot.next = slot.nextAfter(now());
        changed();
    }

    /** Validates and saves a new cron expression; a refusal says why and changes nothing. */
    public synchronized void reschedule(String id, String expression) {
        Slot slot = slot(id);
        CronSchedule parsed = CronSchedule.parse(id, expression);
        settings.saveExpression(id, parsed.expression());
        slot.use(parsed.expression());
        slot.next = slot.nextAfter(now());
        changed();
    }

    public synchronized List<JobStatus> statuses() {
        List<JobStatus> out = new ArrayList<>();
        for (Slot s : slots.values()) {
            State state = s == running ? State.RUNNING : queue.contains(s) ? State.QUEUED : State.IDLE;
            out.add(new JobStatus(s.job.id(), s.job.title(), s.expression, s.schedule == null ? "" : s.schedule.describe(),
                    s.paused, state, s.next == null ? null : s.next.toInstant(), history.last(s.job.id()).orElse(null),
                    s.overran, s.problem, s.progress));
        }
        return out;
    }

    public JobHistory history() {
        return history;
    }

    /** Problems with the settings and the history file, for the Health screen's banner. */
    public List<String> problems() {
        List<String> out = new ArrayList<>(settings.problems());
        out.addAll(history.problems());
        return out;
    }

    /** Listeners hear about every change of state (on the thread that changed it: the UI thread in the window). */
    public void addListener(Runnable listener) {
        listeners.add(listener);
    }

    private Slot slot(String id) {
        Slot slot = slots.get(id);
        if (slot == null) {
            throw new ScheduleException("No job named " + id + "; jobs: " + String.join(", ", slots.keySet()) + ".");
        }
        return slot;
    }

    private void enqueue(Slot slot, JobRun.Trigger trigger) {
        slot.trigger = trigger;
        queue.add(slot);
    }

    private void overrun(Slot slot, ZonedDateTime due) {
        slot.overran = true;
        history.record(new JobRun(slot.job.id(), JobRun.Trigger.SCHEDULE, JobRun.Status.SKIPPED, due.toInstant(), 0,
                "overrun: the run due at " + HHMM.format(due) + " was skipped because the previous run was still going"));
    }

    private void pump() {
        if (running != null || queue.isEmpty()) {
            return;
        }
        Slot slot = queue.poll();
        running = slot;
        slot.progress = "starting…";
        Instant started = clock.instant();
        JobRun.Trigger trigger = slot.trigger;
        Instant missed = slot.missed;
        TaskHandle handle = runner.submit(slot.job.title(), p -> trigger == JobRun.Trigger.CATCH_UP && missed != null
                ? slot.job.catchUp(missed, p) : slot.job.run(trigger, p), TaskCallbacks.<JobOutcome>of(
                outcome -> finish(slot, trigger, started, outcome.status(), outcome.summary()),
                error -> finish(slot, trigger, started, JobRun.Status.FAILED, message(error)))
                .withCancelled(() -> finish(slot, trigger, started, JobRun.Status.CANCELLED, "cancelled by the user"))
                .withProgress(p -> {
                    slot.progress = p.message();
                    changed();
                }));
        if (running == slot) {
            slot.handle = handle;
        }
    }

    private synchronized void finish(Slot slot, JobRun.Trigger trigger, Instant started, JobRun.Status status,
                                     String summary) {
        Instant end = clock.instant();
        history.record(new JobRun(slot.job.id(), trigger, status, started, Duration.between(started, end).toMillis(),
                summary));
        if (trigger != JobRun.Trigger.CATCH_UP) {
            slot.overran = false;
        }
        running = null;
        slot.handle = null;
        slot.progress = null;
        ZonedDateTime now = now();
        if (!slot.paused && slot.next != null && !now.isBefore(slot.next)) {
            overrun(slot, slot.next);
            slot.next = slot.nextAfter(now);
        }
        pump();
        changed();
    }

    private static String message(Throwable error) {
        String m = error.getMessage();
        return m == null || m.isBlank() ? error.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }

    private ZonedDateTime now() {
        return ZonedDateTime.now(clock);
    }

    private void changed() {
        listeners.forEach(Runnable::run);
    }

    /** One job and its schedule state. */
    private static final class Slot {
        final Job job;
        String expression;
        CronSchedule schedule;
        String problem;
        boolean paused;
        boolean overran;
        ZonedDateTime next;
        JobRun.Trigger trigger;
        /** The time the run a queued catch-up makes up for was due. */
        Instant missed;
        TaskHandle handle;
        String progress;

        Slot(Job job) {
            this.job = job;
        }

        void use(String expr) {
            expression = expr == null ? "" : expr;
            try {
                schedule = CronSchedule.parse(job.id(), expr);
                problem = null;
            } catch (ScheduleException e) {
                schedule = null;
                problem = e.getMessage();
            }
        }

        ZonedDateTime nextAfter(ZonedDateTime now) {
            return schedule == null ? null : schedule.next(now).orElse(null);
        }
    }
}
