package services.scheduler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;

/**
 * The scheduler's keys in {@code workspace.json}: {@code schedules} (job → cron, formats.md part 1),
 * {@code schedulesPaused} (job ids) and {@code vaultWatch} ({@code {"enabled": true, "quietSeconds": 45}}).
 * A value of the wrong type is a problem naming the key; the job keeps its default, which each {@link Job}
 * supplies ({@link Job#defaultSchedule()}), so a new job needs no change here.
 */
public final class ScheduleSettings {

    public static final int DEFAULT_QUIET_SECONDS = 45;

    private final Map<String, String> expressions = new LinkedHashMap<>();
    private final Set<String> paused = new LinkedHashSet<>();
    private final List<String> problems = new ArrayList<>();
    private final boolean vaultWatch;
    private final int quietSeconds;
    private final WorkspaceFile file;

    public ScheduleSettings(Workspace ws) {
        this.file = new WorkspaceFile(ws.dir());
        JsonNode raw = ws.raw();
        JsonNode schedules = raw.get("schedules");
        if (schedules != null && !schedules.isNull()) {
            if (!schedules.isObject()) {
                problems.add("workspace.json key \"schedules\" must be an object of job → cron expression; using the defaults.");
            } else {
                schedules.fields().forEachRemaining(e -> {
                    if (e.getValue().isTextual()) {
                        expressions.put(e.getKey(), e.getValue().asText());
                    } else {
                        problems.add("workspace.json key \"schedules." + e.getKey() + "\" must be a string such as "
                                + "\"0 3 * * *\"; using the default.");
                    }
                });
            }
        }
        JsonNode pausedNode = raw.get("schedulesPaused");
        if (pausedNode != null && pausedNode.isArray()) {
            pausedNode.forEach(n -> paused.add(n.asText()));
        } else if (pausedNode != null && !pausedNode.isNull()) {
            problems.add("workspace.json key \"schedulesPaused\" must be a list of job names; no job is paused.");
        }
        JsonNode watch = raw.path("vaultWatch");
        this.vaultWatch = watch.path("enabled").asBoolean(false);
        int quiet = watch.path("quietSeconds").asInt(DEFAULT_QUIET_SECONDS);
        this.quietSeconds = quiet > 0 ? quiet : DEFAULT_QUIET_SECONDS;
    }

    /** The job's schedule: the workspace's {@code schedules.<id>}, else the job's default. */
    public String expression(Job job) {
        return expressions.getOrDefault(job.id(), job.defaultSchedule());
    }

    public boolean paused(String job) {
        return paused.contains(job);
    }

    public boolean vaultWatch() {
        return vaultWatch;
    }

    public int quietSeconds() {
        return quietSeconds;
    }

    public List<String> problems() {
        return List.copyOf(problems);
    }

    void saveExpression(String job, String expression) {
        file.update(root -> {
            JsonNode node = root.get("schedules");
            ObjectNode schedules = node != null && node.isObject() ? (ObjectNode) node : root.putObject("schedules");
            schedules.put(job, expression);
        });
        expressions.put(job, expression);
    }

    void savePaused(String job, boolean pause) {
        Set<String> next = new LinkedHashSet<>(paused);
        if (pause) {
            next.add(job);
        } else {
            next.remove(job);
        }
        file.update(root -> {
            ArrayNode list = root.putArray("schedulesPaused");
            next.forEach(list::add);
        });
        paused.clear();
        paused.addAll(next);
    }
}
