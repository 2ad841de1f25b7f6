package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.failed.FailedTargetsService;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import services.workspace.WorkspaceLoader;
import testsupport.Fixtures;
import testsupport.MutableClock;

/** Each watchdog check against fixtures that trip it and fixtures that don't, on a real Lucene index. */
class WatchdogTest {

    static final Instant SYNCED = Fixtures.CLOCK.instant();

    @TempDir
    Path tmp;

    private final MutableClock clock = new MutableClock(SYNCED.plus(Duration.ofHours(1)));
    private Workspace ws;
    private LuceneKnowledgeIndex index;
    private final List<String> events = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        ws = Fixtures.demo(tmp);
        try (var demoEvents = Files.list(ws.otelDir())) { // each test writes the events it needs
            for (Path p : demoEvents.toList()) {
                Files.delete(p);
            }
        }
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    private Watchdog watchdog(Workspace workspace, LuceneKnowledgeIndex idx) {
        return Watchdogs.create(workspace, idx, new VaultSync(workspace, idx, clock),
                new FailedTargetsService(workspace, idx, null, clock), new JsonlOtelEvents(workspace.otelDir()),
                new FileWatchdogGate(workspace.stateDir()), clock, Telemetry.noop());
    }

    private WatchdogReport run() {
        return watchdog(ws, index).run(true, ProgressSink.NONE);
    }

    private static Finding finding(WatchdogReport r, String check) {
        return r.findings().stream().filter(f -> f.check().equals(check)).findFirst().orElseThrow();
    }

    /** An OTEL event {@code minutesAgo} before the clock. */
    private void event(String component, String action, long minutesAgo) {
        long ts = clock.millis() - minutesAgo * 60_000;
        events.add("{\"id\":\"e" + events.size() + "\",\"timestamp\":" + ts + ",\"level\":\"info\",\"source\":\"gateway\","
                + "\"component\":\"" + component + "\",\"action\":\"" + action + "\",\"success\":true,\"metadata\":{\"k\":[1,{\"a\":2}]}}");
    }

    private void writeEvents(String file) throws IOException {
        Files.createDirectories(ws.otelDir());
        Files.write(ws.otelDir().resolve(file), events);
    }

    private void setWorkspaceKey(String key, boolean value) {
        new WorkspaceFile(ws.dir()).update(root -> root.put(key, value));
        ws = new WorkspaceLoader().load(ws.dir());
    }

    @Test
    void aHealthyWorkspaceReportsInTheRunningSystemsShape() {
        WatchdogReport r = run();
        assertThat(r.status()).isEqualTo("ran");
        assertThat(r.findings()).extracting(Finding::check).containsExactly("collection", "zero-retrieval",
                "turn-write-compliance", "staleness", "failed-target-ttl", "write-side", "brain-notes");
        assertThat(r.findings()).allSatisfy(f -> assertThat(f.severity()).isIn(Severity.OK, Severity.INFO));
        assertThat(r.healthy()).isTrue();
        assertThat(r.issues()).isEmpty();
        assertThat(r.recovery()).isNull();
        assertThat(r.stats()).containsKeys("collection_exists", "collection_missing", "num_documents",
                "retrievals_in_window", "dispatches_in_window", "last_sync_age_hours");
        assertThat(r.stats().get("last_sync_age_hours")).isEqualTo(1L);
        assertThat(r.pruned()).containsKeys("pruned", "found"); // the demo has failed targets past their TTL
    }

    @Test
    void theDemoTripsTurnWriteComplianceAndPassesZeroRetrieval() {
        Workspace demo = Fixtures.demo(tmp.resolve("second"));
        try (LuceneKnowledgeIndex idx = new LuceneKnowledgeIndex(demo.indexDir(), 384)) {
            new VaultSync(demo, idx, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            WatchdogReport r = watchdog(demo, idx).run(false, ProgressSink.NONE);
            assertThat(finding(r, "zero-retrieval").severity()).isEqualTo(Severity.OK);
            assertThat(finding(r, "turn-write-compliance").message()).contains("85.0%").contains("1 failed");
            assertThat(finding(r, "failed-target-ttl").severity()).isEqualTo(Severity.INFO);
            assertThat(r.problems()).anySatisfy(p -> assertThat(p).contains("line 9: not valid JSON"));
            assertThat(r.healthy()).isFalse();
        }
    }

    @Test
    void aMissingCollectionIsRecreatedAndSyncedThenCheckedAgain() {
        index.close();
        Path fresh = tmp.resolve("fresh-index");
        index = new LuceneKnowledgeIndex(fresh, 384); // nothing on disk: the collection is missing
        assertThat(index.exists()).isFalse();
        WatchdogReport r = run();
        Finding f = finding(r, "collection");
        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.message()).startsWith("Recreated the missing collection");
        assertThat(r.recovery()).containsEntry("attempted", true).containsKeys("docs_prepared", "adrs_indexed",
                "skills_indexed", "import_success", "import_errors");
        assertThat((Long) r.recovery().get("adrs_indexed")).isGreaterThan(30);
        assertThat(r.stats()).containsEntry("collection_exists", true).containsEntry("collection_missing", false);
        assertThat(index.exists()).isTrue();
    }

    @Test
    void aMissingCollectionInAReadOnlyWorkspaceIsAnErrorAndNotTouched() {
        setWorkspaceKey("readOnly", true);
        index.close();
        index = new LuceneKnowledgeIndex(tmp.resolve("fresh-index"), 384);
        WatchdogReport r = run();
        assertThat(finding(r, "collection").severity()).isEqualTo(Severity.ERROR);
        assertThat(r.recovery()).isNull();
        assertThat(r.healthy()).isFalse();
        assertThat(index.status().documents()).isZero();
    }

    @Test
    void anEmptyOrSmallCollectionIsFlagged() {
        index.delete(index.ids(Set.of("adr", "skill", "retro", "lesson", "pattern", "failed_target")));
        index.flush();
        long left = index.status().documents();
        Finding small = finding(run(), "collection");
        assertThat(small.severity()).isEqualTo(left == 0 ? Severity.ERROR : Severity.WARNING);
        index.recreate();
        Finding empty = finding(run(), "collection");
        assertThat(empty.severity()).isEqualTo(Severity.ERROR);
        assertThat(empty.message()).contains("EMPTY (0 documents)");
    }

    @Test
    void dispatchesWithoutRetrievalsInTheWindowAreAnError() throws IOException {
        event("agent-loop", "agent.dispatch", 10);
        event("implement", "story.started", 20);
        event("agent-loop", "agent.dispatch", 5 * 60); // outside the 4 h window
        event("memory", "system_knowledge.retrieval", 5 * 60);
        writeEvents("gateway.jsonl");
        WatchdogReport r = run();
        Finding f = finding(r, "zero-retrieval");
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(f.message()).isEqualTo("2 agent dispatches with ZERO knowledge retrievals in 4 h");
        assertThat(f.evidence()).containsExactly("event:gateway.jsonl:1", "event:gateway.jsonl:2");
        assertThat(r.stats()).containsEntry("dispatches_in_window", 2L).containsEntry("retrievals_in_window", 0L);
        assertThat(r.issues()).contains(f.message());
    }

    @Test
    void dispatchesWithRetrievalsPass() throws IOException {
        event("agent-loop", "agent.dispatch", 10);
        event("implement", "system_knowledge.retrieval", 9);
        writeEvents("gateway.jsonl");
        assertThat(finding(run(), "zero-retrieval").severity()).isEqualTo(Severity.OK);
    }

    @Test
    void turnWriteComplianceBelowTheThresholdAndFailuresAreWarnings() throws IOException {
        for (int i = 0; i < 20; i++) {
            event("gateway", "knowledge.turn_write.eligible", 30);
        }
        for (int i = 0; i < 17; i++) {
            event("knowledge", "knowledge.turn_write.completed", 29);
        }
        event("knowledge", "knowledge.turn_write.skipped", 29);
        writeEvents("turns.jsonl");
        WatchdogReport r = run();
        Finding f = finding(r, "turn-write-compliance");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).contains("90.0%").contains("18 of 20").contains("below 95.0%");
        assertThat(f.figures()).containsEntry("ratio", 0.9);
        assertThat(r.stats()).containsEntry("turn_write_compliance", 0.9);

        events.clear();
        for (int i = 0; i < 20; i++) {
            event("gateway", "knowledge.turn_write.eligible", 30);
            event("knowledge", i == 0 ? "knowledge.turn_write.failed" : "knowledge.turn_write.completed", 29);
        }
        writeEvents("turns.jsonl");
        Finding failed = finding(run(), "turn-write-compliance");
        assertThat(failed.severity()).isEqualTo(Severity.WARNING);
        assertThat(failed.message()).startsWith("1 turn writes failed");

        events.clear();
        for (int i = 0; i < 20; i++) {
            event("gateway", "knowledge.turn_write.eligible", 30);
            event("knowledge", "knowledge.turn_write.completed", 29);
        }
        writeEvents("turns.jsonl");
        assertThat(finding(run(), "turn-write-compliance").severity()).isEqualTo(Severity.OK);
    }

    @Test
    void aCollectionWithNothingNewFor48HoursIsStale() {
        clock.set(SYNCED.plus(Duration.ofHours(49)));
        Finding f = finding(run(), "staleness");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).contains("49.0 h ago");
        clock.set(SYNCED.plus(Duration.ofHours(47)));
        assertThat(finding(run(), "staleness").severity()).isEqualTo(Severity.OK);
    }

    @Test
    void failedTargetsPastTheirTtlArePrunedAndReadOnlyOnlyReportsThem() {
        clock.set(SYNCED.plus(Duration.ofDays(400)));
        setWorkspaceKey("readOnly", true);
        WatchdogReport readOnly = run();
        Finding reported = finding(readOnly, "failed-target-ttl");
        assertThat(reported.severity()).isEqualTo(Severity.WARNING);
        assertThat(reported.message()).contains("read-only").contains("not pruned");
        assertThat(index.countsByType()).containsKey("failed_target");

        setWorkspaceKey("readOnly", false);
        WatchdogReport r = run();
        Finding pruned = finding(r, "failed-target-ttl");
        assertThat(pruned.severity()).isEqualTo(Severity.INFO);
        assertThat(pruned.message()).startsWith("Pruned ");
        assertThat(pruned.evidence()).allSatisfy(e -> assertThat(e).startsWith("doc:failed_target:"));
        assertThat(r.pruned()).containsKeys("pruned", "found");
        assertThat(index.countsByType()).doesNotContainKey("failed_target");
        assertThat(Files.exists(ws.stateDir().resolve("decisions.jsonl"))).isTrue();
    }

    @Test
    void retrosWithoutLessonsPatternsOrFailedTargetsMeanTheWriteSideIsSilent() {
        // the demo's newest loop ran 57 h before the sync: widen the write window to take it in
        new WorkspaceFile(ws.dir()).update(root -> root.putObject("watchdog").put("writeWindowHours", 96));
        ws = new WorkspaceLoader().load(ws.dir());
        assertThat(finding(run(), "write-side").severity()).isEqualTo(Severity.OK);
        index.delete(index.ids(Set.copyOf(WriteSideSilentCheck.WRITES)));
        index.flush();
        Finding f = finding(run(), "write-side");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).contains("write side is silent");
        assertThat(f.evidence()).isNotEmpty().allSatisfy(e -> assertThat(e).startsWith("doc:retro:"));
        clock.set(SYNCED.plus(Duration.ofDays(5))); // the retros are now older than the window
        assertThat(finding(run(), "write-side").severity()).isEqualTo(Severity.OK);
    }

    @Test
    void overAHundredBrainNotesMeanConsolidationIsDue() throws IOException {
        assertThat(finding(run(), "brain-notes").severity()).isEqualTo(Severity.OK);
        for (int i = 0; i < 101; i++) {
            Files.writeString(ws.brainNotesDir().resolve("loop-extra-" + i + ".md"), "# note\n");
        }
        Finding f = finding(run(), "brain-notes");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).contains("meditate");
    }

    @Test
    void malformedEventLinesAreReportedWithFileAndLineAndTheRestIsCounted() throws IOException {
        event("agent-loop", "agent.dispatch", 10);
        events.add("not json at all");
        events.add("[1, 2]");
        events.add("{\"action\": \"agent.dispatch\"}");
        events.add("{\"timestamp\": " + (clock.millis() / 1000 - 60) + ", \"action\": \"system_knowledge.retrieval\"}");
        events.add("{\"timestamp\": \"soon\", \"action\": \"agent.dispatch\"");
        writeEvents("mixed.jsonl");
        WatchdogReport r = run();
        assertThat(r.problems()).contains("mixed.jsonl line 2: not valid JSON — skipped",
                "mixed.jsonl line 3: not a JSON object — skipped",
                "mixed.jsonl line 4: no numeric \"timestamp\" (epoch milliseconds) — skipped",
                "mixed.jsonl line 6: not valid JSON — skipped");
        assertThat(r.problems()).anySatisfy(p -> assertThat(p).startsWith("mixed.jsonl line 5: timestamp")
                .endsWith("is in seconds, not milliseconds — read as seconds"));
        assertThat(finding(r, "zero-retrieval").severity()).isEqualTo(Severity.OK); // 1 dispatch, 1 retrieval
    }

    @Test
    void theGateSkipsARunWithinThreeHoursUnlessForcedAndEveryRunIsLoggedAndEmitted() throws IOException {
        Watchdog w = watchdog(ws, index);
        assertThat(w.run(false, ProgressSink.NONE).status()).isEqualTo("ran");
        clock.advance(Duration.ofHours(2));
        WatchdogReport skipped = w.run(false, ProgressSink.NONE);
        assertThat(skipped.skipped()).isTrue();
        assertThat(skipped.skipReason()).contains("2 h ago").contains("force");
        assertThat(w.run(true, ProgressSink.NONE).status()).isEqualTo("ran");
        clock.advance(Duration.ofHours(3));
        assertThat(w.run(false, ProgressSink.NONE).status()).isEqualTo("ran");
        assertThat(w.log().recent(10).runs()).hasSize(3);
        assertThat(Files.readAllLines(ws.otelDir().resolve("watchdog.jsonl"))).hasSize(3)
                .allSatisfy(l -> assertThat(l).contains("\"action\":\"knowledge.watchdog.check\""));
        assertThat(Files.readString(ws.stateDir().resolve("watchdog-last-run"))).isEqualTo(String.valueOf(clock.millis()));
    }

    @Test
    void appendedEventsAreReadIncrementallyAndAnUnfinishedLastLineWaits() throws IOException {
        JsonlOtelEvents source = new JsonlOtelEvents(ws.otelDir());
        Files.createDirectories(ws.otelDir());
        Path file = ws.otelDir().resolve("live.jsonl");
        long t = clock.millis();
        Files.writeString(file, "{\"timestamp\":" + t + ",\"action\":\"agent.dispatch\"}\n{\"timestamp\":" + t);
        EventWindow first = source.window(0, Long.MAX_VALUE);
        assertThat(first.count(EventKind.DISPATCH)).isEqualTo(1);
        assertThat(first.problems()).isEmpty();
        Files.writeString(file, ",\"action\":\"system_knowledge.retrieval\"}\n", java.nio.file.StandardOpenOption.APPEND);
        EventWindow second = source.window(0, Long.MAX_VALUE);
        assertThat(second.count(EventKind.RETRIEVAL)).isEqualTo(1);
        assertThat(second.samples(EventKind.RETRIEVAL)).containsExactly("event:live.jsonl:2");
        assertThat(second.scanned()).isEqualTo(2);
    }

    @Test
    void aFileLastWrittenBeforeTheWindowIsNotRead() throws IOException {
        event("agent-loop", "agent.dispatch", 10);
        writeEvents("old.jsonl");
        Files.setLastModifiedTime(ws.otelDir().resolve("old.jsonl"),
                java.nio.file.attribute.FileTime.from(clock.instant().minus(Duration.ofHours(5))));
        EventWindow w = new JsonlOtelEvents(ws.otelDir()).window(clock.millis() - 4 * 3_600_000L, clock.millis());
        assertThat(w.filesSkipped()).isEqualTo(1);
        assertThat(w.scanned()).isZero();
        Files.setLastModifiedTime(ws.otelDir().resolve("old.jsonl"),
                java.nio.file.attribute.FileTime.from(clock.instant().minus(Duration.ofHours(3))));
        assertThat(new JsonlOtelEvents(ws.otelDir()).window(clock.millis() - 4 * 3_600_000L, clock.millis())
                .count(EventKind.DISPATCH)).isEqualTo(1);
    }

    @Test
    void wrongThresholdSettingsAreReportedByKey() {
        new WorkspaceFile(ws.dir()).update(root -> root.putObject("watchdog").put("compliance", 5).put("staleHours", "x"));
        WatchdogSettings s = WatchdogSettings.of(new WorkspaceLoader().load(ws.dir()));
        assertThat(s.compliance()).isEqualTo(0.95);
        assertThat(s.problems()).containsExactly(
                "workspace.json key \"watchdog.compliance\" must be a number from 0 to 1; using 0.95.",
                "workspace.json key \"watchdog.staleHours\" must be a number from 0.01 to 8760; using 48.");
        assertThat(Map.of()).isEmpty();
    }
}
