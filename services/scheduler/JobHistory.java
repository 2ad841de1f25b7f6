package services.scheduler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import services.audit.DecisionLog;
import services.errors.ConsoleException;

/**
 * Every job run, appended to {@code state/jobs.jsonl} so the history survives a restart. A damaged line is skipped
 * and reported with its line number; an unreadable or unwritable file is reported and the scheduler goes on with
 * what it has in memory. A run is in memory at once; its line is written (and forced to disk) by the writer given,
 * in order — the window's scheduler hears of a run's end on its own thread, which must not wait for a disk —
 * and {@link #flush} waits for what is still being written.
 */
public final class JobHistory {

    private final DecisionLog log;
    private final Executor writer;
    private final List<JobRun> runs = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final List<JobRun> unsaved = new ArrayList<>();
    private final List<JobRun> writing = new ArrayList<>();
    private long loadedSize = -1;

    /** Each run written before {@link #record} returns. */
    public JobHistory(Path stateDir) {
        this(stateDir, Runnable::run);
    }

    /** Each run written by {@code writer} (one at a time, in order: a single thread). */
    public JobHistory(Path stateDir, Executor writer) {
        this.log = new DecisionLog(stateDir.resolve("jobs.jsonl"));
        this.writer = writer;
        load();
    }

    /**
     * Reads the file again when it changed since (another console, the headless scheduler appended a run), so
     * every console shows every run; the runs this console could not write are kept after them.
     */
    private void refresh() {
        long size = size();
        if (size >= 0 && size != loadedSize && writing.isEmpty()) { // a line being written would be read twice
            runs.clear();
            problems.clear();
            load();
            runs.addAll(unsaved);
        }
    }

    private void load() {
        loadedSize = size();
        try {
            DecisionLog.Read read = log.read();
            read.problems().forEach(p -> problems.add("Job history " + p + " — skipped"));
            int line = 0;
            for (JsonNode e : read.entries()) {
                line++;
                try {
                    runs.add(new JobRun(text(e, "job"), JobRun.Trigger.valueOf(text(e, "trigger")),
                            JobRun.Status.valueOf(text(e, "status")), Instant.parse(text(e, "startedAt")),
                            e.path("durationMs").asLong(), e.path("summary").asText()));
                } catch (RuntimeException bad) {
                    problems.add("Job history " + log.file().getFileName() + " entry " + line + ": " + bad.getMessage()
                            + " — skipped");
                }
            }
        } catch (ConsoleException e) {
            problems.add(e.getMessage() + " — the job history starts empty");
        }
    }

    private static String text(JsonNode e, String key) {
        JsonNode v = e.get(key);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException("\"" + key + "\" is missing or not a string");
        }
        return v.asText();
    }

    public synchronized void record(JobRun run) {
        runs.add(run);
        writing.add(run);
        try {
            writer.execute(() -> write(run));
        } catch (RejectedExecutionException closed) {
            write(run); // the writer is shut (the window closed under a cancelled run): written here, not lost
        }
    }

    /** Appends a recorded run's line; the file is touched outside the lock, so a look at the history never waits. */
    private void write(JobRun run) {
        ObjectNode e = DecisionLog.entry();
        e.put("job", run.job());
        e.put("trigger", run.trigger().name());
        e.put("status", run.status().name());
        e.put("startedAt", run.startedAt().toString());
        e.put("durationMs", run.durationMillis());
        e.put("summary", run.summary());
        long before = size();
        ConsoleException failed = null;
        try {
            log.append(e);
        } catch (ConsoleException f) {
            failed = f;
        }
        long after = size();
        synchronized (this) {
            writing.remove(run);
            if (failed != null) {
                unsaved.add(run);
                problems.add(failed.getMessage() + " — the run is kept in memory only");
            } else {
                // Only this line was added since the file was read: what is in memory is what is in the file, so
                // the next look (the window's scheduler asks at every tick) need not read the whole file again.
                long line = (e.toString() + "\n").getBytes(StandardCharsets.UTF_8).length;
                if (before == loadedSize && (after == before + line || after == before + line + 1)) {
                    loadedSize = after;
                }
            }
            notifyAll();
        }
    }

    /** Waits up to {@code timeout} for the runs still being written; true when none is left. */
    public synchronized boolean flush(Duration timeout) {
        long end = System.nanoTime() + timeout.toNanos();
        while (!writing.isEmpty()) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private long size() {
        try {
            return Files.isRegularFile(log.file()) ? Files.size(log.file()) : 0;
        } catch (IOException e) {
            return -1;
        }
    }

    public synchronized Optional<JobRun> last(String job) {
        refresh();
        for (int i = runs.size() - 1; i >= 0; i--) {
            if (runs.get(i).job().equals(job)) {
                return Optional.of(runs.get(i));
            }
        }
        return Optional.empty();
    }

    /** The job's last {@code limit} runs, newest first. */
    public synchronized List<JobRun> recent(String job, int limit) {
        refresh();
        List<JobRun> out = new ArrayList<>();
        for (int i = runs.size() - 1; i >= 0 && out.size() < limit; i--) {
            if (job == null || runs.get(i).job().equals(job)) {
                out.add(runs.get(i));
            }
        }
        return out;
    }

    public synchronized List<String> problems() {
        refresh();
        return Collections.unmodifiableList(new ArrayList<>(problems));
    }

    public Path file() {
        return log.file();
    }
}
