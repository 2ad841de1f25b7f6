package services.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * The demo's OTEL events, as a real deployment has them: a spool folder ({@code spool/otel}) of one file per event,
 * {@code <timestamp>-<id>.json} holding {@code {"event": …, "queuedAt": ms}} (observability/otel-outbox.ts), with
 * the running system's events — the gateway's channel traffic ({@code events.dispatched.background_only}, which is
 * not an agent dispatch), the implementor's retrievals for its stories (one found nothing), interactive sessions'
 * {@code system_knowledge.retrieval.started|completed}, and turn writes by turn id: 20 eligible turns, of which 15
 * were written, 2 skipped, 1 failed and 2 have no outcome yet (compliance 85 %: the check warns), plus 3 notes
 * written from the console that were never eligible (reported apart, not counted). Yesterday's events sit beside
 * them (outside the window, not even opened), and one file was cut off mid-write (reported as a problem). The job
 * history says the watchdog last ran five hours ago and the sync yesterday, so both catch up once when the console
 * starts.
 */
final class DemoOtel {

    static final String SPOOL = "spool/otel";

    private final Path spool;
    private final Path workspace;
    private final Instant now;
    private int next;

    DemoOtel(Path workspace, Instant now) {
        this.workspace = workspace;
        this.spool = workspace.resolve(SPOOL);
        this.now = now;
    }

    void write() throws IOException {
        for (int i = 0; i < 6; i++) {
            event("gateway", "redis-channel", "events.dispatched.background_only", 200 - i * 30, true, null,
                    "{\"source\":\"redis\",\"sourceKind\":\"background\",\"eventCount\":" + (i + 1)
                    + ",\"eventTypes\":[\"loop/story.completed\"],\"originSession\":\"gateway\"}");
        }
        String loop = "loop-mwx1a2b3-k9p4q2";
        for (int i = 0; i < 3; i++) {
            event("implement", "agent-loop", "system_knowledge.retrieval", 170 - i * 40, true, null,
                    "{\"story_id\":\"S" + (i + 1) + "\",\"has_results\":" + (i != 2) + ",\"result_length\":"
                    + (i == 2 ? 0 : 2400 + i * 300) + ",\"latency_ms\":" + (80 + i * 7) + "}");
        }
        for (int i = 0; i < 4; i++) {
            String meta = "\"session_id\":\"pi-" + i + "\",\"channel\":\"interactive\",\"trigger\":\"before_agent_start\"";
            event("interactive", "memory-enforcer", "system_knowledge.retrieval.started", 150 - i * 25, true, null,
                    "{" + meta + "}");
            event("interactive", "memory-enforcer", "system_knowledge.retrieval.completed", 150 - i * 25, true, null,
                    "{" + meta + ",\"has_results\":true,\"result_length\":1830,\"latency_ms\":412}");
        }
        for (int i = 0; i < 20; i++) {
            boolean agent = i >= 16;
            String turn = agent ? "agent-loop:" + loop + ":S" + (i - 15) + ":attempt-1" : "gateway:gw-session:" + (i + 1);
            int at = 170 - i * 8;
            if (agent) {
                event("implement", "agent-loop-implement", "knowledge.turn_write.eligible", at, true, null,
                        "{\"loop_id\":\"" + loop + "\",\"story_id\":\"S" + (i - 15) + "\",\"attempt\":1,\"tool\":\"codex\"}");
            } else {
                event("gateway", "gateway.knowledge-turn", "knowledge.turn_write.eligible", at, true, null,
                        "{\"turnId\":\"" + turn + "\",\"turnNumber\":" + (i + 1) + ",\"skipReason\":"
                        + (i == 3 || i == 9 ? "\"routine-heartbeat\"" : "null") + ",\"channel\":\"telegram\"}");
            }
            if (i >= 18) {
                continue; // no outcome yet
            }
            String meta = "\"turn_id\":\"" + turn + "\",\"turn_number\":" + (agent ? 1 : i + 1) + ",\"agent\":\""
                    + (agent ? "agent-loop-implement" : "gateway-daemon") + "\",\"channel\":\"" + (agent ? "system" : "telegram") + "\"";
            String source = agent ? "agent-loop" : "gateway";
            event(source, "knowledge-turn-write", "knowledge.turn_write.started", at - 1, true, null, "{" + meta + "}");
            if (i == 3 || i == 9) {
                event(source, "knowledge-turn-write", "knowledge.turn_write.skipped", at - 1, true, null,
                        "{" + meta + ",\"skip_reason\":\"routine-heartbeat\"}");
            } else if (i == 12) {
                event("gateway", "gateway.knowledge-turn", "knowledge.turn_write.failed", at - 1, false,
                        "missing_inngest_event_key", "{\"turnId\":\"" + turn + "\"}");
            } else {
                event(source, "knowledge-turn-write", "knowledge.turn_write.completed", at - 1, true, null,
                        "{" + meta + ",\"write_result\":\"created\"}");
            }
        }
        for (int i = 0; i < 3; i++) {
            String meta = "\"turn_id\":\"console:joel:internal:review-" + i + ":1\",\"turn_number\":1,\"agent\":\"joel\","
                    + "\"channel\":\"internal\"";
            event("console", "knowledge-turn-write", "knowledge.turn_write.started", 60 - i * 10, true, null, "{" + meta + "}");
            event("console", "knowledge-turn-write", "knowledge.turn_write.completed", 60 - i * 10, true, null,
                    "{" + meta + ",\"write_result\":\"created\"}");
        }
        for (int i = 0; i < 4; i++) {
            event("implement", "agent-loop", "system_knowledge.retrieval", 24 * 60 + i * 40, true, null,
                    "{\"story_id\":\"S" + (i + 1) + "\",\"has_results\":true,\"result_length\":2100,\"latency_ms\":90}");
        }
        long cut = now.toEpochMilli() - 50 * 60_000L;
        DemoWorkspace.write(spool.resolve(cut + "-" + uuid() + ".json"),
                "{\"event\":{\"id\":\"cut-off\",\"timestamp\":" + cut + ",\"level\":\"info\",\"source\":\"gate");

        // The nightly slot at or before a day ago: always before the nightly sync's latest slot (in any time zone,
        // at any hour — between 00:00 and 03:00 "yesterday at 03:00" IS the latest slot), so the first start catches up.
        Instant dayAgo = now.minus(Duration.ofDays(1));
        Instant lastSync = dayAgo.atZone(ZoneOffset.UTC).withHour(3).withMinute(0).withSecond(0).withNano(0).toInstant();
        if (lastSync.isAfter(dayAgo)) {
            lastSync = lastSync.minus(Duration.ofDays(1));
        }
        Instant lastWatchdog = now.minus(Duration.ofHours(5));
        DemoWorkspace.write(workspace.resolve("state/jobs.jsonl"),
                run("sync", lastSync, 1840, "indexed 0, unchanged 117, deleted 0 (1840 ms)")
                + run("watchdog", lastWatchdog, 212, "healthy: 8 checks passed"));
    }

    private void event(String source, String component, String action, int minutesAgo, boolean success, String error,
                       String metadata) throws IOException {
        long ts = now.toEpochMilli() - minutesAgo * 60_000L + next;
        String id = uuid();
        String event = "{\"id\":\"" + id + "\",\"timestamp\":" + ts + ",\"sessionId\":\"unknown\",\"systemId\":\"panda\","
                + "\"level\":\"" + (success ? "info" : "error") + "\",\"source\":\"" + source + "\",\"component\":\""
                + component + "\",\"action\":\"" + action + "\",\"success\":" + success
                + (error == null ? "" : ",\"error\":\"" + error + "\"") + ",\"metadata\":" + metadata + "}";
        DemoWorkspace.write(spool.resolve(String.format("%013d", ts) + "-" + id + ".json"),
                ("{\"event\":" + event + ",\"queuedAt\":" + (ts + 3) + "}").getBytes(StandardCharsets.UTF_8));
    }

    private String uuid() {
        return UUID.nameUUIDFromBytes(("demo-otel-" + (next++)).getBytes(StandardCharsets.UTF_8)).toString();
    }

    private static String run(String job, Instant at, long millis, String summary) {
        return "{\"job\":\"" + job + "\",\"trigger\":\"SCHEDULE\",\"status\":\"OK\",\"startedAt\":\"" + at
                + "\",\"durationMs\":" + millis + ",\"summary\":\"" + summary + "\"}\n";
    }
}
