package services.scheduler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import services.workspace.WorkspaceSettings;

/**
 * The scheduler's keys in {@code workspace.json}: {@code schedules} (job → cron, formats.md part 1),
 * {@code schedulesPaused} (job ids) and {@code vaultWatch} ({@code {"enabled": true, "quietSeconds": 45}}).
 * A value of the wrong type is a problem naming the key; the job keeps its default, which each {@link Job}
 * supplies ({@link Job#defaultSchedule()}), so a new job needs no change here.
 */
public final class ScheduleSettings {

    public static final int DEFAULT_QUIET_SECONDS = WorkspaceSettings.Schedules.DEFAULT_QUIET_SECONDS;

    private final Map<String, String> expressions = new LinkedHashMap<>();
    private final Set<String> paused = new LinkedHashSet<>();
    private final List<String> problems = new ArrayList<>();
    private final boolean vaultWatch;
    private final int quietSeconds;
    private final WorkspaceFile file;

    public ScheduleSettings(Workspace ws) {
        this.file = new WorkspaceFile(ws.dir());
        WorkspaceSettings.Schedules settings = ws.settings().schedules();
        expressions.putAll(settings.expressions());
        paused.addAll(settings.paused());
        problems.addAll(settings.problems());
        this.vaultWatch = settings.vaultWatch();
        this.quietSeconds = settings.quietSeconds();
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
        file.saveSchedule(job, expression);
        expressions.put(job, expression);
    }

    void savePaused(String job, boolean pause) {
        Set<String> next = new LinkedHashSet<>(paused);
        if (pause) {
            next.add(job);
        } else {
            next.remove(job);
        }
        file.saveSchedulesPaused(next);
        paused.clear();
        paused.addAll(next);
    }
}
