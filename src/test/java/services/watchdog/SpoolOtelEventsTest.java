package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.telemetry.OtelSink;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;
import testsupport.MutableClock;

/** The running system's OTEL spool ({@code <ts>-<id>.json} files of {@code {event, queuedAt}}), read and written. */
class SpoolOtelEventsTest {

    @TempDir
    Path tmp;

    private final long now = 1_795_000_000_000L;

    /** A spool file as otel-outbox.ts writes it. */
    private Path spool(Path dir, long minutesAgo, String source, String component, String action, String metadata)
            throws IOException {
        long ts = now - minutesAgo * 60_000;
        String id = UUID.randomUUID().toString();
        String event = "{\"id\":\"" + id + "\",\"timestamp\":" + ts + ",\"sessionId\":\"unknown\",\"systemId\":\"panda\","
                + "\"level\":\"info\",\"source\":\"" + source + "\",\"component\":\"" + component + "\",\"action\":\""
                + action + "\",\"success\":true,\"metadata\":" + metadata + "}";
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve(String.format("%013d", ts) + "-" + id + ".json"),
                "{\"event\":" + event + ",\"queuedAt\":" + (ts + 5) + "}");
    }

    @Test
    void readsTheWindowsFilesByTheTimeInTheirNameAndReportsDamagedOnes() throws IOException {
        Path dir = tmp.resolve("spool/otel");
        for (int i = 0; i < 6; i++) {
            spool(dir, 10 + i, "gateway", "redis-channel", "events.dispatched.background_only", "{\"eventCount\":1}");
        }
        spool(dir, 20, "implement", "agent-loop", "system_knowledge.retrieval", "{\"story_id\":\"S1\",\"has_results\":true}");
        spool(dir, 30, "interactive", "memory-enforcer", "system_knowledge.retrieval.completed", "{\"has_results\":true}");
        spool(dir, 40, "gateway", "gateway.knowledge-turn", "knowledge.turn_write.eligible", "{\"turnId\":\"gateway:s:1\"}");
        Path processing = spool(dir, 39, "gateway", "knowledge-turn-write", "knowledge.turn_write.completed",
                "{\"turn_id\":\"gateway:s:1\"}");
        Files.move(processing, dir.resolve(processing.getFileName() + ".processing")); // being drained: still counted
        Files.writeString(dir.resolve(String.format("%013d", now - 9 * 3_600_000L) + "-old.json"), "not even JSON");
        Files.writeString(dir.resolve(String.format("%013d", now - 60_000L) + "-cut.json"), "{\"event\":{\"id\":\"x\",\"ti");
        Files.writeString(dir.resolve(String.format("%013d", now - 60_000L) + "-noevent.json"), "{\"queuedAt\":1}");
        Files.writeString(dir.resolve("x.json.tmp-42-abc"), "{");

        EventWindow w = new SpoolOtelEvents(dir).window(now - 4 * 3_600_000L, now + 1);
        assertThat(w.dispatches()).isEqualTo(1);
        assertThat(w.retrievals()).isEqualTo(2);
        assertThat(w.count(EventKind.OTHER)).isEqualTo(6);
        assertThat(w.turns(EventKind.TURN_ELIGIBLE)).containsExactly("gateway:s:1");
        assertThat(w.turns(EventKind.TURN_COMPLETED)).containsExactly("gateway:s:1");
        assertThat(w.inWindow()).isEqualTo(10);
        assertThat(w.filesSkipped()).isEqualTo(1); // the 9-hour-old file is not even opened
        assertThat(w.present()).isEqualTo(13);
        assertThat(w.problems()).containsExactlyInAnyOrder(
                "OTEL spool file " + String.format("%013d", now - 60_000L) + "-cut.json: not valid JSON — skipped",
                "OTEL spool file " + String.format("%013d", now - 60_000L) + "-noevent.json: no \"event\" object (a spool file holds {event, "
                        + "queuedAt}) — skipped");
        assertThat(w.samples(EventKind.DISPATCH)).singleElement().satisfies(s -> assertThat(s).startsWith("event:")
                .endsWith(".json:1"));
    }

    @Test
    void theConsolesOwnEventsJoinTheSpoolInTheRunningShape() throws IOException {
        Workspace ws = Fixtures.demo(tmp);
        assertThat(ws.raw().path("otelEvents").path("source").asText()).isEqualTo("spool");
        MutableClock clock = new MutableClock(Instant.ofEpochMilli(now));
        ObjectNode e = new ObjectMapper().createObjectNode();
        e.put("id", "abc-1");
        e.put("timestamp", now);
        e.put("source", "console");
        e.put("component", "knowledge-turn-write");
        e.put("action", "knowledge.turn_write.completed");
        e.putObject("metadata").put("turn_id", "console:t:1");
        OtelSink.of(ws, "turn-writes.jsonl", clock).append(e);
        Path file = ws.otelDir().resolve(String.format("%013d", now) + "-abc-1.json");
        assertThat(new ObjectMapper().readTree(file.toFile()).path("queuedAt").asLong()).isEqualTo(now);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        EventWindow w = new SpoolOtelEvents(ws.otelDir()).window(now - 1000, now + 1);
        assertThat(w.turns(EventKind.TURN_COMPLETED)).containsExactly("console:t:1");

        new WorkspaceFile(ws.dir()).update(root -> root.putObject("otelEvents").put("source", "jsonl").put("path", "otel"));
        Workspace jsonl = Fixtures.loader().load(ws.dir());
        OtelSink.of(jsonl, "turn-writes.jsonl", clock).append(e);
        assertThat(Files.readAllLines(jsonl.otelDir().resolve("turn-writes.jsonl"))).hasSize(1);
    }

    @Test
    void aSpoolWithoutAPathIsTheRunningSystemsAndTildeIsHome() {
        Workspace ws = Fixtures.demo(tmp);
        String home = System.getProperty("user.home");
        new WorkspaceFile(ws.dir()).update(root -> root.putObject("otelEvents").put("source", "spool"));
        assertThat(Fixtures.loader().load(ws.dir()).otelDir()).isEqualTo(Path.of(home, ".joelclaw/spool/otel"));
        new WorkspaceFile(ws.dir()).update(root -> root.putObject("otelEvents").put("source", "spool").put("path", "~/s/otel"));
        assertThat(Fixtures.loader().load(ws.dir()).otelDir()).isEqualTo(Path.of(home, "s/otel"));
        new WorkspaceFile(ws.dir()).update(root -> root.remove("otelEvents"));
        assertThat(Fixtures.loader().load(ws.dir()).otelDir()).isEqualTo(ws.dir().resolve("otel"));
    }
}
