package app.cli;

import app.compose.WorkspaceServices;
import app.compose.VaultWatcher;
import app.warm.WarmOwner;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import services.errors.ConsoleException;
import services.scheduler.JobRun;
import services.scheduler.Scheduler;
import services.tasks.SynchronousTaskRunner;
import services.tasks.TaskHandle;
import services.tasks.TaskProgress;
import services.tasks.TaskRunner;
import services.workspace.Workspace;

/**
 * {@code brain-console scheduler}: the workspace's jobs on their schedules, headless, until stopped (SIGTERM or
 * Ctrl+C cancel a running job at its next check and record it) — for a server's service manager.
 */
@Command(name = "scheduler", mixinStandardHelpOptions = true,
        description = "Run the vault sync and the watchdog on their schedules, headless, until stopped.")
final class SchedulerCommand extends WorkspaceCommand {

    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h)");

    /** The longest --for: a year (longer is a scheduler that runs until stopped: leave --for out). */
    static final Duration LONGEST_RUN = Duration.ofDays(366);

    @Option(names = "--for", paramLabel = "DURATION", description = "Stop after this long: 500ms, 90s, 10m, 2h.")
    String forDuration;

    @Option(names = "--run-now", paramLabel = "JOB", description = "Run this job at start (sync, watchdog, policy, reach); repeatable.")
    List<String> runNow = new ArrayList<>();

    @Option(names = "--tick", paramLabel = "MS", hidden = true, defaultValue = "1000",
            converter = OptionValues.Millis.class)
    int tickMillis;

    @Option(names = "--stuck-after", paramLabel = "MS", hidden = true, defaultValue = "30000",
            converter = OptionValues.Millis.class,
            description = "After --for, a job that reports no progress for this long is cancelled.")
    int stuckAfterMillis;

    private volatile boolean stopped;
    private volatile boolean hookRan;

    /**
     * The services with their index opened (and created, committed, when new) before the warm socket is offered or
     * a job runs: a damaged or locked index is said at once, and a scheduler killed later leaves a committed index.
     */
    private static WorkspaceServices withIndexOpen(WorkspaceServices svc) {
        try {
            svc.index();
            return svc;
        } catch (RuntimeException e) {
            svc.close();
            throw e;
        }
    }

    @Override
    Integer run() {
        Duration limit = forDuration == null ? null : parse(forDuration);
        Workspace ws = cli.workspace();
        List<JobRun> done = new CopyOnWriteArrayList<>();
        try (WorkspaceServices svc = withIndexOpen(cli.services(ws));
             // The command line's searches and failed lists are answered here, warm, while the scheduler runs.
             WarmOwner warmOwner = WarmOwner.start(ws.dir(), new WarmCommands(svc, System.getenv()))) {
            SynchronousTaskRunner jobs = new SynchronousTaskRunner();
            Scheduler scheduler = svc.scheduler(jobs, true, Runnable::run);
            List<String> jobIds = scheduler.statuses().stream().map(s -> s.id()).toList();
            for (String job : runNow) { // before any job runs: a misspelt --run-now is not a scheduler that runs nothing
                if (!jobIds.contains(job)) {
                    throw OptionValues.notOneOf(spec.commandLine(), "--run-now", job, "a job", jobIds);
                }
            }
            scheduler.problems().forEach(p -> cli.message("warning: " + p));
            Map<String, JobRun> seen = new HashMap<>();
            scheduler.statuses().forEach(s -> seen.put(s.id(), s.lastRun()));
            Instant began = Instant.now();
            // By value, and only runs of this scheduler's time: the history re-reads jobs.jsonl when another console
            // appends to it, which makes new objects of old runs.
            scheduler.addListener(() -> scheduler.statuses().forEach(s -> {
                if (s.lastRun() != null && !s.lastRun().equals(seen.get(s.id()))
                        && !s.lastRun().startedAt().isBefore(began)) {
                    seen.put(s.id(), s.lastRun());
                    done.add(s.lastRun());
                    cli.message(line(s.lastRun()));
                }
            }));
            Thread main = Thread.currentThread();
            Thread hook = new Thread(() -> { // no interrupt: it would close the index's open files under the job
                hookRan = true;
                stopped = true;
                jobs.cancelRunning();
                try {
                    main.join(15_000);
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
            }, "bc-scheduler-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            AtomicLong lastSign = new AtomicLong(System.nanoTime());
            jobs.addListener(new TaskRunner.TaskListener() {
                @Override
                public void progress(TaskHandle handle, TaskProgress progress) {
                    lastSign.set(System.nanoTime());
                }

                @Override
                public void finished(TaskHandle handle) {
                    lastSign.set(System.nanoTime());
                }
            });
            try (VaultWatcher watcher = scheduler.watchesVault() ? new VaultWatcher(ws, scheduler::vaultChanged) : null) {
                Instant end = limit == null ? null : Instant.now().plus(limit);
                // The jobs run on a worker, so the deadline and a stop are kept even while a job hangs.
                Thread worker = new Thread(() -> {
                    scheduler.start();
                    scheduler.statuses().forEach(st -> cli.message(st.id() + ": " + (st.problem() != null ? st.problem()
                            : (st.paused() ? "paused" : "next run " + st.nextRun()) + " (" + st.expression() + ")")));
                    runNow.forEach(scheduler::runNow);
                    while (!stopped) {
                        scheduler.tick();
                        try {
                            Thread.sleep(tickMillis);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }, "bc-scheduler-jobs");
                worker.setDaemon(true);
                worker.start();
                while (!stopped && (end == null || Instant.now().isBefore(end))) {
                    pause();
                }
                stopped = true; // no new runs; a job under way may finish while it makes progress
                awaitWorker(worker, lastSign, stuckAfterMillis, jobs::cancelRunning, cli::message);
            } catch (IOException e) {
                throw new ConsoleException("Cannot watch the vault of " + ws.name() + ": " + e.getMessage(), e);
            } finally {
                if (!hookRan) {
                    Runtime.getRuntime().removeShutdownHook(hook);
                }
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("runs", done.stream().map(r -> Map.of("job", r.job(), "trigger", r.trigger().name(), "status",
                r.status().name(), "startedAt", r.startedAt().toString(), "durationMs", r.durationMillis(),
                "summary", r.summary())).toList());
        cli.print(out, "Scheduler stopped after " + Plural.of(done.size(), "run") + ".");
        return 0;
    }

    private static final long STOP_GRACE_MILLIS = 5_000;

    /**
     * Waits for the job worker to finish, as long as its job makes progress; a job silent for {@code stuckAfter}
     * ms is cancelled, and one that does not stop within {@link #STOP_GRACE_MILLIS} is left behind (the worker is
     * a daemon). Returns whether the worker finished.
     */
    static boolean awaitWorker(Thread worker, AtomicLong lastSign, long stuckAfter,
                               Runnable cancel, Consumer<String> message) {
        while (worker.isAlive()) {
            if (System.nanoTime() - lastSign.get() > stuckAfter * 1_000_000) {
                message.accept("warning: the running job made no progress for " + stuckAfter / 1000.0
                        + " s (stuck reading a file?): cancelled.");
                cancel.run();
                if (!join(worker, STOP_GRACE_MILLIS)) {
                    message.accept("warning: it did not stop within " + STOP_GRACE_MILLIS / 1000 + " s; the "
                            + "scheduler stops without it.");
                    return false;
                }
                return true;
            }
            pause();
        }
        return true;
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean join(Thread worker, long millis) {
        try {
            worker.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !worker.isAlive();
    }

    private static String line(JobRun r) {
        return r.startedAt() + " " + r.job() + " " + r.trigger().name().toLowerCase() + " " + r.status() + " ("
                + r.durationMillis() + " ms): " + r.summary();
    }

    /** 1 ms up to {@link #LONGEST_RUN}; anything else — no unit, 0, a fraction, a sign, too long — is a usage error. */
    private Duration parse(String text) {
        Matcher m = DURATION.matcher(text.strip());
        Duration d = null;
        if (m.matches() && m.group(1).length() <= 12) {
            long n = Long.parseLong(m.group(1));
            d = switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            };
        }
        if (d == null || d.isZero() || d.compareTo(LONGEST_RUN) > 0) {
            throw OptionValues.invalid(spec.commandLine(), "--for", OptionValues.shown(text) + " is not a duration; "
                    + "give a number and a unit (ms, s, m or h), e.g. 500ms, 90s, 10m or 2h, up to "
                    + LONGEST_RUN.toHours() + "h (without --for it runs until stopped).");
        }
        return d;
    }
}
