package services.scheduler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import services.audit.DecisionLog;
import services.errors.ConsoleException;

/**
 * Every job run, appended to {@code state/jobs.jsonl} so the history survives a restart. A damaged line is skipped
 * and reported with its line number; an unreadable or unwritable file is reported and the scheduler goes on with
 * what it has in memory.
 */
public final class JobHistory {

    private final DecisionLog log;
    private final List<JobRun> runs = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final List<JobRun> unsaved = new ArrayList<>();
    private long loadedSize = -1;

    public JobHistory(Path stateDir) {
        this.log = new DecisionLog(stateDir.resolve("jobs.jsonl"));
        load();
    }

    /**
     * Reads the file again when it changed since (another console, the headless scheduler appended a run), so
     * every console shows every run; the runs this console could not write are kept after them.
     */
    private void refresh() {
        long size = size();
        if (size >= 0 && size != loadedSize) {
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
        ObjectNode e = DecisionLog.entry();
        e.put("job", run.job());
        e.put("trigger", run.trigger().name());
        e.put("status", run.status().name());
        e.put("startedAt", run.startedAt().toString());
        e.put("durationMs", run.durationMillis());
        e.put("summary", run.summary());
        long before = size();
        try {
            log.append(e);
        } catch (ConsoleException failed) {
            unsaved.add(run);
            problems.add(failed.getMessage() + " — the run is kept in memory only");
            return;
        }
        // Only this line was added since the file was read: what is in memory is what is in the file, so the next
        // look (the window's scheduler asks at every tick, on its thread) need not read the whole file again.
        long line = (e.toString() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        long after = size();
        if (before == loadedSize && (after == before + line || after == before + line + 1)) {
            loadedSize = after;
        }
    }

    private long size() {
        try {
            return java.nio.file.Files.isRegularFile(log.file()) ? java.nio.file.Files.size(log.file()) : 0;
        } catch (java.io.IOException e) {
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
