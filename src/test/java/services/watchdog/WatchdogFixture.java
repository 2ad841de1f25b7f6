package services.watchdog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import services.failed.FailedTargetsService;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;
import testsupport.MutableClock;

/** A synced demo workspace on a real Lucene index, events written as JSON lines, and the watchdog over them. */
abstract class WatchdogFixture {

    static final Instant SYNCED = Fixtures.CLOCK.instant();

    @TempDir
    Path tmp;

    final MutableClock clock = new MutableClock(SYNCED.plus(Duration.ofHours(1)));
    Workspace ws;
    LuceneKnowledgeIndex index;
    final List<String> events = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        ws = Fixtures.demo(tmp);
        // these tests read JSON-lines files, each writing the events it needs (the demo's spool: SpoolOtelEventsTest)
        new WorkspaceFile(ws.dir()).update(root -> root.putObject("otelEvents").put("source", "jsonl").put("path", "otel"));
        ws = Fixtures.loader().load(ws.dir());
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    Watchdog watchdog(Workspace workspace, LuceneKnowledgeIndex idx) {
        return watchdog(workspace, idx, new JsonlOtelEvents(workspace.otelDir()));
    }

    Watchdog watchdog(Workspace workspace, LuceneKnowledgeIndex idx, OtelEventSource source) {
        return Watchdogs.create(workspace, idx, new VaultSync(workspace, idx, clock),
                new FailedTargetsService(workspace, idx, null, clock), source,
                new FileWatchdogGate(workspace.stateDir()), clock, Telemetry.noop());
    }

    WatchdogReport run() {
        return watchdog(ws, index).run(true, ProgressSink.NONE);
    }

    static Finding finding(WatchdogReport r, String check) {
        return r.findings().stream().filter(f -> f.check().equals(check)).findFirst().orElseThrow();
    }

    /** An OTEL event {@code minutesAgo} before the clock. */
    void event(String component, String action, long minutesAgo) {
        event("gateway", component, action, minutesAgo, "{\"k\":[1,{\"a\":2}]}");
    }

    /** An event with the source and metadata the running system writes. */
    void event(String source, String component, String action, long minutesAgo, String metadata) {
        long ts = clock.millis() - minutesAgo * 60_000;
        events.add("{\"id\":\"e" + events.size() + "\",\"timestamp\":" + ts + ",\"level\":\"info\",\"source\":\"" + source
                + "\",\"component\":\"" + component + "\",\"action\":\"" + action + "\",\"success\":true,\"metadata\":"
                + metadata + "}");
    }

    /** A turn-write event about a turn, as knowledge-turn-write.ts writes it. */
    void turn(String action, String turnId, long minutesAgo) {
        event("gateway", "knowledge-turn-write", "knowledge.turn_write." + action, minutesAgo,
                "{\"turn_id\":\"" + turnId + "\",\"agent\":\"gateway-daemon\",\"channel\":\"telegram\"}");
    }

    void writeEvents(String file) throws IOException {
        Files.createDirectories(ws.otelDir());
        Files.write(ws.otelDir().resolve(file), events);
    }

    void setWorkspaceKey(String key, boolean value) {
        new WorkspaceFile(ws.dir()).update(root -> root.put(key, value));
        ws = Fixtures.loader().load(ws.dir());
    }
}
