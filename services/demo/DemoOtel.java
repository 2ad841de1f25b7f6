package services.demo;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The demo's OTEL events ({@code otel/*.jsonl}) and job history, written so the Health screen has findings on the
 * first start: in the last four hours every agent dispatch had a knowledge retrieval (that check passes) but only
 * 17 of 20 eligible turns were accounted, one of them failed (turn-write compliance warns); yesterday's file ends
 * with a line cut off mid-write (reported as a problem). The job history says the watchdog last ran five hours
 * ago and the sync yesterday, so both catch up once when the console starts.
 */
final class DemoOtel {

    private final Path workspace;
    private final Instant now;
    private int next;

    DemoOtel(Path workspace, Instant now) {
        this.workspace = workspace;
        this.now = now;
    }

    void write() throws IOException {
        List<String> today = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            today.add(event("agent-loop", "agent.dispatch", 200 - i * 30, true));
            today.add(event("implement", "system_knowledge.retrieval", 199 - i * 30, true));
        }
        for (int i = 0; i < 20; i++) {
            today.add(event("gateway", "knowledge.turn_write.eligible", 180 - i * 8, true));
            if (i < 16) {
                today.add(event("knowledge", "knowledge.turn_write.completed", 179 - i * 8, true));
            } else if (i == 16) {
                today.add(event("knowledge", "knowledge.turn_write.failed", 179 - i * 8, false));
            }
        }
        DemoWorkspace.write(workspace.resolve("otel/" + day(now) + ".jsonl"), String.join("\n", today) + "\n");

        Instant yesterday = now.minus(Duration.ofDays(1));
        List<String> older = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            older.add(event("agent-loop", "agent.dispatch", 24 * 60 + i * 40, true));
            older.add(event("implement", "system_knowledge.retrieval", 24 * 60 + i * 40 - 1, true));
        }
        older.add("{\"id\":\"cut-off\",\"timestamp\":" + (now.toEpochMilli() - 23 * 3_600_000L) + ",\"action\":\"agent.disp");
        DemoWorkspace.write(workspace.resolve("otel/" + day(yesterday) + ".jsonl"), String.join("\n", older) + "\n");

        Instant lastSync = now.minus(Duration.ofDays(1)).atZone(ZoneOffset.UTC).withHour(3).withMinute(0).withSecond(0)
                .withNano(0).toInstant();
        Instant lastWatchdog = now.minus(Duration.ofHours(5));
        DemoWorkspace.write(workspace.resolve("state/jobs.jsonl"),
                run("sync", lastSync, 1840, "indexed 0, unchanged 117, deleted 0 (1840 ms)")
                + run("watchdog", lastWatchdog, 212, "healthy: 7 checks passed"));
    }

    private String event(String component, String action, int minutesAgo, boolean success) {
        long ts = now.toEpochMilli() - minutesAgo * 60_000L;
        return "{\"id\":\"demo-" + (next++) + "\",\"timestamp\":" + ts + ",\"date\":\"" + day(Instant.ofEpochMilli(ts))
                + "\",\"sessionId\":\"demo-session\",\"systemId\":\"panda\",\"level\":\"" + (success ? "info" : "warn")
                + "\",\"source\":\"gateway\",\"component\":\"" + component + "\",\"action\":\"" + action
                + "\",\"success\":" + success + (success ? "" : ",\"error\":\"INNGEST_EVENT_KEY missing\"")
                + ",\"metadata\":{\"demo\":true}}";
    }

    private static String run(String job, Instant at, long millis, String summary) {
        return "{\"job\":\"" + job + "\",\"trigger\":\"SCHEDULE\",\"status\":\"OK\",\"startedAt\":\"" + at
                + "\",\"durationMs\":" + millis + ",\"summary\":\"" + summary + "\"}\n";
    }

    private static String day(Instant t) {
        return t.atOffset(ZoneOffset.UTC).toLocalDate().toString();
    }
}
