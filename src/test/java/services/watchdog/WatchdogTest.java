package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
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

    private Watchdog watchdog(Workspace workspace, LuceneKnowledgeIndex idx) {
        return watchdog(workspace, idx, new JsonlOtelEvents(workspace.otelDir()));
    }

    private Watchdog watchdog(Workspace workspace, LuceneKnowledgeIndex idx, OtelEventSource source) {
        return Watchdogs.create(workspace, idx, new VaultSync(workspace, idx, clock),
                new FailedTargetsService(workspace, idx, null, clock), source,
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
        event("gateway", component, action, minutesAgo, "{\"k\":[1,{\"a\":2}]}");
    }

    /** An event with the source and metadata the running system writes. */
    private void event(String source, String component, String action, long minutesAgo, String metadata) {
        long ts = clock.millis() - minutesAgo * 60_000;
        events.add("{\"id\":\"e" + events.size() + "\",\"timestamp\":" + ts + ",\"level\":\"info\",\"source\":\"" + source
                + "\",\"component\":\"" + component + "\",\"action\":\"" + action + "\",\"success\":true,\"metadata\":"
                + metadata + "}");
    }

    /** A turn-write event about a turn, as knowledge-turn-write.ts writes it. */
    private void turn(String action, String turnId, long minutesAgo) {
        event("gateway", "knowledge-turn-write", "knowledge.turn_write." + action, minutesAgo,
                "{\"turn_id\":\"" + turnId + "\",\"agent\":\"gateway-daemon\",\"channel\":\"telegram\"}");
    }

    private void writeEvents(String file) throws IOException {
        Files.createDirectories(ws.otelDir());
        Files.write(ws.otelDir().resolve(file), events);
    }

    private void setWorkspaceKey(String key, boolean value) {
        new WorkspaceFile(ws.dir()).update(root -> root.put(key, value));
        ws = Fixtures.loader().load(ws.dir());
    }

    @Test
    void aHealthyWorkspaceReportsInTheRunningSystemsShape() throws IOException {
        event("interactive", "memory-enforcer", "system_knowledge.retrieval.completed", 10, "{\"has_results\":true}");
        writeEvents("events.jsonl");
        WatchdogReport r = run();
        assertThat(r.status()).isEqualTo("ran");
        assertThat(r.findings()).extracting(Finding::check).containsExactly("collection", "otel-events", "zero-retrieval",
                "turn-write-compliance", "staleness", "failed-target-ttl", "write-side", "brain-notes");
        assertThat(r.findings()).allSatisfy(f -> assertThat(f.severity()).isIn(Severity.OK, Severity.INFO));
        assertThat(r.healthy()).isTrue();
        assertThat(r.issues()).isEmpty();
        assertThat(r.recovery()).isNull();
        assertThat(r.stats()).containsKeys("collection_exists", "collection_missing", "num_documents",
                "retrievals_in_window", "dispatches_in_window", "last_sync_age_hours", "turn_write_compliance",
                "otel_events_scanned");
        assertThat(r.stats()).containsEntry("retrievals_in_window", 1L).containsEntry("turn_write_compliance", 1.0);
        assertThat(r.stats().get("last_sync_age_hours")).isEqualTo(1L);
        assertThat(r.pruned()).containsKeys("pruned", "found"); // the demo has failed targets past their TTL
        assertThat(r.findings()).filteredOn(f -> f.check().equals("failed-target-ttl")).singleElement()
                // the demo's one expired target expired about 31 h ago: its grace (watchdog.pruneGraceHours 48) leaves it
                .satisfies(f -> assertThat(f.message()).isEqualTo("1 failed target past the TTL (7 days), expired less "
                        + "than 48 h ago: it stays until then (Failed targets ▸ Prune expired… removes it now)"));
        new WorkspaceFile(ws.dir()).update(root -> root.remove("watchdog"));
        ws = Fixtures.loader().load(ws.dir());
        assertThat(run().findings()).filteredOn(f -> f.check().equals("failed-target-ttl")).singleElement()
                .satisfies(f -> assertThat(f.message()).matches("Pruned (1 failed target|\\d+ failed targets) past the "
                        + "TTL \\(7 days\\): (1 Redis member|\\d+ Redis members), (1 document|\\d+ documents)")
                        .doesNotContain(" 1 failed targets").doesNotContain(" 1 documents"));
    }

    @Test
    void theDemoSpoolTripsTurnWriteComplianceByTurnIdAndCatchesTheStoryThatRetrievedNothing() throws IOException {
        Workspace demo = Fixtures.demo(tmp.resolve("second"));
        assertThat(demo.otelDir()).isEqualTo(demo.dir().resolve("spool/otel"));
        try (LuceneKnowledgeIndex idx = new LuceneKnowledgeIndex(demo.indexDir(), 384)) {
            new VaultSync(demo, idx, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            WatchdogReport r = watchdog(demo, idx, new SpoolOtelEvents(demo.otelDir())).run(false, ProgressSink.NONE);
            Finding retrieval = finding(r, "zero-retrieval");
            // 6 gateway channel events are no dispatches; S4's eligible implementor turn has no retrieval event
            assertThat(retrieval.severity()).isEqualTo(Severity.WARNING);
            assertThat(retrieval.message()).startsWith("2 of 4 agent dispatches in 4 h had zero knowledge retrievals: "
                    + "1 eligible implementor turn has no retrieval event for its story; 1 found nothing");
            assertThat(r.stats()).containsEntry("dispatches_in_window", 4L).containsEntry("retrievals_in_window", 7L)
                    .containsEntry("interactive_retrievals_in_window", 4L).containsEntry("dispatches_without_retrieval", 1L);
            Finding turns = finding(r, "turn-write-compliance");
            assertThat(turns.message()).contains("85.0%").contains("17 of 20").contains("1 failed")
                    .contains("3 outcomes for turns that were never eligible");
            assertThat(r.stats()).containsEntry("turn_write_compliance", 0.85);
            // the spool alone is an outbox: its events are the undelivered ones, never all of them
            assertThat(finding(r, "otel-events").severity()).isEqualTo(Severity.WARNING);
            assertThat(finding(r, "otel-events").message()).startsWith("Only the OTEL spool ").contains("undelivered")
                    .contains("blind to every delivered event");
            assertThat(finding(r, "failed-target-ttl").severity()).isEqualTo(Severity.INFO);
            assertThat(r.problems()).anySatisfy(p -> assertThat(p).endsWith(".json: not valid JSON — skipped"));
            assertThat(r.healthy()).isFalse();
            try (var spool = Files.list(demo.otelDir())) { // the watchdog's own event joined the spool
                assertThat(spool.map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".json")).toList()).isEmpty();
            }
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
    void gatewayChannelEventsAreNotAgentDispatchesAndInteractiveRetrievalsCount() throws IOException {
        for (int i = 0; i < 6; i++) { // routine gateway traffic: once "6 agent dispatches with ZERO retrievals", an ERROR
            event("gateway", "redis-channel", "events.dispatched.background_only", 10 + i,
                    "{\"source\":\"redis\",\"sourceKind\":\"background\",\"eventCount\":1}");
            event("gateway", "redis-channel", "events.dispatched", 10 + i, "{\"backgroundOnly\":true}");
        }
        event("agent-loop", "agent.dispatch", 12);
        event("interactive", "memory-enforcer", "system_knowledge.retrieval.started", 20, "{\"session_id\":\"s\"}");
        event("interactive", "memory-enforcer", "system_knowledge.retrieval.completed", 20, "{\"has_results\":true}");
        event("interactive", "memory-enforcer", "system_knowledge.retrieval.started", 30, "{\"session_id\":\"t\"}");
        writeEvents("gateway.jsonl");
        WatchdogReport r = run();
        Finding f = finding(r, "zero-retrieval");
        assertThat(f.severity()).isEqualTo(Severity.OK);
        assertThat(r.stats()).containsEntry("dispatches_in_window", 0L).containsEntry("retrievals_in_window", 2L);
        assertThat(r.issues()).noneSatisfy(i -> assertThat(i).contains("ZERO"));
        assertThat(r.healthy()).isTrue();
    }

    @Test
    void agentDispatchesAreImplementorRetrievalsForAStoryAndAllEmptyIsAWarning() throws IOException {
        event("implement", "agent-loop", "system_knowledge.retrieval", 10, "{\"story_id\":\"S1\",\"has_results\":false}");
        event("implement", "agent-loop", "system_knowledge.retrieval", 20, "{\"story_id\":\"S2\",\"has_results\":false}");
        event("implement", "agent-loop", "system_knowledge.retrieval", 5 * 60, "{\"story_id\":\"S0\",\"has_results\":true}");
        event("review", "agent-loop", "system_knowledge.retrieval", 15, "{\"story_id\":\"S1\",\"has_results\":true}");
        writeEvents("loop.jsonl");
        WatchdogReport r = run();
        Finding f = finding(r, "zero-retrieval");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).isEqualTo("2 agent dispatches in 4 h and none of their knowledge retrievals found "
                + "anything (has_results false)");
        assertThat(f.evidence()).containsExactly("event:loop.jsonl:1", "event:loop.jsonl:2");
        assertThat(r.stats()).containsEntry("dispatches_in_window", 2L).containsEntry("retrievals_in_window", 3L);

        events.clear();
        event("implement", "agent-loop", "system_knowledge.retrieval", 10, "{\"story_id\":\"S1\",\"has_results\":true}");
        event("implement", "agent-loop", "system_knowledge.retrieval", 20, "{\"story_id\":\"S2\",\"has_results\":false}");
        writeEvents("loop.jsonl");
        Finding ok = finding(run(), "zero-retrieval");
        assertThat(ok.severity()).isEqualTo(Severity.OK);
        assertThat(ok.message()).contains("for 2 agent dispatches").contains("1 found nothing");
    }

    @Test
    void turnWriteComplianceCountsEligibleTurnsByIdAndNeverExceedsAHundredPercent() throws IOException {
        for (int i = 0; i < 20; i++) {
            turn("eligible", "gateway:s:" + i, 30);
            if (i < 17) {
                turn("started", "gateway:s:" + i, 29);
                turn("completed", "gateway:s:" + i, 29);
            }
        }
        turn("skipped", "gateway:s:17", 29);
        turn("completed", "gateway:s:0", 28); // a retried write of the same turn counts once
        for (int i = 0; i < 6; i++) { // the console's own notes: never eligible
            turn("completed", "console:joel:internal:x:" + i, 20);
        }
        turn("failed", "console:joel:internal:bad:1", 20);
        writeEvents("turns.jsonl");
        WatchdogReport r = run();
        Finding f = finding(r, "turn-write-compliance");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).contains("90.0%").contains("18 of 20").contains("below 95.0%")
                .contains("7 outcomes for turns that were never eligible");
        assertThat(f.figures()).containsEntry("ratio", 0.9).containsEntry("noOutcome", 2L).containsEntry("neverEligible", 7L);
        assertThat(f.evidence()).hasSize(2).allSatisfy(e -> assertThat(e).startsWith("event:turns.jsonl:"));
        assertThat(r.stats()).containsEntry("turn_write_compliance", 0.9).containsEntry("turn_writes_eligible", 20L)
                .containsEntry("turn_writes_never_eligible", 7L);

        events.clear(); // more outcomes than eligible turns: once "compliance 115 %"
        for (int i = 0; i < 20; i++) {
            turn("eligible", "gateway:s:" + i, 30);
            turn("completed", "gateway:s:" + i, 29);
        }
        for (int i = 0; i < 3; i++) {
            turn("completed", "console:joel:internal:x:" + i, 20);
        }
        writeEvents("turns.jsonl");
        WatchdogReport full = run();
        assertThat(finding(full, "turn-write-compliance").severity()).isEqualTo(Severity.OK);
        assertThat(finding(full, "turn-write-compliance").message()).contains("100.0%").doesNotContain("115");
        assertThat(full.stats()).containsEntry("turn_write_compliance", 1.0);

        events.clear(); // an eligible turn whose write failed, and the ids the gateway and the implementor write
        for (int i = 0; i < 20; i++) {
            event("gateway", "gateway.knowledge-turn", "knowledge.turn_write.eligible", 30,
                    "{\"turnId\":\"gateway:s:" + i + "\",\"turnNumber\":" + i + ",\"skipReason\":null}");
            turn(i == 0 ? "failed" : "completed", "gateway:s:" + i, 29);
        }
        event("implement", "agent-loop-implement", "knowledge.turn_write.eligible", 30,
                "{\"loop_id\":\"loop-a\",\"story_id\":\"S1\",\"attempt\":2}");
        turn("completed", "agent-loop:loop-a:S1:attempt-2", 29);
        writeEvents("turns.jsonl");
        Finding failed = finding(run(), "turn-write-compliance");
        assertThat(failed.severity()).isEqualTo(Severity.WARNING);
        assertThat(failed.message()).startsWith("1 turn writes failed").contains("95.2%");
        assertThat(failed.figures()).containsEntry("eligible", 21L).containsEntry("neverEligible", 0L);
    }

    @Test
    void turnWritesThatNameNoTurnAreMatchedByNumberAndStillNeverExceedAHundredPercent() throws IOException {
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
        assertThat(f.message()).contains("90.0%").contains("18 of 20");
        assertThat(f.evidence()).isNotEmpty();
        assertThat(r.problems()).anySatisfy(p -> assertThat(p).contains("name no turn id"));

        events.clear();
        for (int i = 0; i < 20; i++) {
            event("gateway", "knowledge.turn_write.eligible", 30);
        }
        for (int i = 0; i < 23; i++) {
            event("knowledge", "knowledge.turn_write.completed", 29);
        }
        writeEvents("turns.jsonl");
        WatchdogReport over = run();
        assertThat(over.stats()).containsEntry("turn_write_compliance", 1.0).containsEntry("turn_writes_never_eligible", 3L);
        assertThat(finding(over, "turn-write-compliance").severity()).isEqualTo(Severity.OK);
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
    void aTargetWithinThePruneGraceStaysForTheOperatorToSeeThenGoes() {
        FailedTargetsService failed = new FailedTargetsService(ws, index, null, clock);
        List<FailedTargetsService.Target> expired = failed.list().targets().stream()
                .filter(t -> t.expiresAtMillis() <= clock.millis()).toList();
        List<FailedTargetsService.Target> recent = expired.stream()
                .filter(t -> t.expiresAtMillis() > clock.millis() - Duration.ofHours(48).toMillis()).toList();
        assertThat(recent).as("the demo (watchdog.pruneGraceHours 48) has a target that expired within it").isNotEmpty();

        WatchdogReport r = run();
        assertThat(r.pruned()).containsEntry("kept", (long) recent.size()).containsEntry("found", expired.size());
        assertThat(finding(r, "failed-target-ttl").message()).contains("expired less than 48 h ago");
        List<String> left = failed.list().targets().stream().map(FailedTargetsService.Target::key).toList();
        assertThat(left).as("still listed, as expired").containsAll(recent.stream().map(FailedTargetsService.Target::key).toList())
                .hasSize(failed.list().targets().size());
        assertThat(failed.list().targets()).filteredOn(t -> t.expiresAtMillis() <= clock.millis())
                .hasSize(recent.size());

        long latest = recent.stream().mapToLong(FailedTargetsService.Target::expiresAtMillis).max().orElseThrow();
        clock.set(Instant.ofEpochMilli(latest).plus(Duration.ofHours(48)).plusSeconds(1));
        run();
        assertThat(failed.list().targets()).extracting(FailedTargetsService.Target::key)
                .doesNotContainAnyElementsOf(recent.stream().map(FailedTargetsService.Target::key).toList());
        assertThat(failed.list().targets()).noneMatch(t -> t.expiresAtMillis() <= clock.millis() - Duration.ofHours(48).toMillis());
    }

    @Test
    void withoutAPruneGraceTheWatchdogPrunesEveryExpiredTargetAsTheRunningSystemDoes() {
        new WorkspaceFile(ws.dir()).update(root -> root.remove("watchdog"));
        ws = Fixtures.loader().load(ws.dir());
        WatchdogReport r = run();
        assertThat(r.pruned()).containsEntry("kept", 0L);
        assertThat(new FailedTargetsService(ws, index, null, clock).list().targets())
                .noneMatch(t -> t.expiresAtMillis() <= clock.millis());
    }

    @Test
    void aPruneByHandRemovesWhatExpiredAtOnceGraceOrNot() {
        FailedTargetsService failed = new FailedTargetsService(ws, index, null, clock);
        run();
        assertThat(failed.list().targets()).anyMatch(t -> t.expiresAtMillis() <= clock.millis());
        failed.prune("joel");
        assertThat(failed.list().targets()).noneMatch(t -> t.expiresAtMillis() <= clock.millis());
    }

    @Test
    void retrosWithoutLessonsPatternsOrFailedTargetsMeanTheWriteSideIsSilent() {
        // the demo's newest loop ran 57 h before the sync: widen the write window to take it in
        new WorkspaceFile(ws.dir()).update(root -> root.putObject("watchdog").put("writeWindowHours", 96));
        ws = Fixtures.loader().load(ws.dir());
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
        event("gateway", "system_knowledge.retrieval", 10);
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
        assertThat(r.stats()).containsEntry("retrievals_in_window", 2L);
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
    void aReadOnlyWorkspaceKeepsOnlyTheRunHistoryNoGateNoEventNoPrune() throws IOException {
        clock.set(SYNCED.plus(Duration.ofDays(400))); // failed targets past their TTL
        setWorkspaceKey("readOnly", true);
        long before = index.countsByType().get("failed_target");
        WatchdogReport r = run();
        assertThat(r.status()).isEqualTo("ran");
        assertThat(r.stats()).containsEntry("read_only", true);
        assertThat(Files.exists(ws.stateDir().resolve("watchdog-last-run"))).isFalse();
        assertThat(Files.exists(ws.otelDir().resolve("watchdog.jsonl"))).isFalse();
        assertThat(Files.exists(ws.stateDir().resolve("decisions.jsonl"))).isFalse();
        assertThat(index.countsByType().get("failed_target")).isEqualTo(before);
        assertThat(new WatchdogLog(ws.stateDir()).recent(5).runs()).hasSize(1); // the console's own run history
        // the gate is still honoured when it was set by a writable run or the running system
        Files.writeString(ws.stateDir().resolve("watchdog-last-run"), String.valueOf(clock.millis() - 3_600_000));
        assertThat(watchdog(ws, index).run(false, ProgressSink.NONE).skipped()).isTrue();
    }

    @Test
    void noEventsInTheWindowWhereTheFolderHoldsFilesIsAWarningNeverHealthy() throws IOException {
        event("gateway", "events.dispatched", 6 * 60); // only outside the window
        writeEvents("old.jsonl");
        WatchdogReport stale = run();
        Finding f = finding(stale, "otel-events");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).startsWith("0 OTEL events in 4 h from OTEL events in ").contains("holds 1 files");
        assertThat(stale.healthy()).isFalse();

        Files.delete(ws.otelDir().resolve("old.jsonl")); // a spool folder read as JSON lines
        Files.writeString(ws.otelDir().resolve(clock.millis() + "-abc.json"), "{\"event\":{\"timestamp\":"
                + clock.millis() + ",\"action\":\"system_knowledge.retrieval\"},\"queuedAt\":" + clock.millis() + "}");
        Finding spool = finding(run(), "otel-events");
        assertThat(spool.severity()).isEqualTo(Severity.WARNING);
        assertThat(spool.message()).contains("1 spool files").contains("\"source\": \"spool\"");

        new WorkspaceFile(ws.dir()).update(root -> root.putObject("otelEvents").put("source", "jsonl").put("path", "nowhere"));
        ws = Fixtures.loader().load(ws.dir());
        Finding missing = finding(run(), "otel-events");
        assertThat(missing.severity()).isEqualTo(Severity.WARNING);
        assertThat(missing.message()).contains("does not exist");
    }

    @Test
    void appendedEventsAreReadIncrementallyAndAnUnfinishedLastLineWaits() throws IOException {
        JsonlOtelEvents source = new JsonlOtelEvents(ws.otelDir());
        Files.createDirectories(ws.otelDir());
        Path file = ws.otelDir().resolve("live.jsonl");
        long t = clock.millis();
        Files.writeString(file, "{\"timestamp\":" + t + ",\"source\":\"implement\",\"action\":\"system_knowledge.retrieval\","
                + "\"metadata\":{\"story_id\":\"S1\",\"has_results\":true}}\n{\"timestamp\":" + t);
        EventWindow first = source.window(0, Long.MAX_VALUE);
        assertThat(first.count(EventKind.DISPATCH)).isEqualTo(1);
        assertThat(first.problems()).isEmpty();
        Files.writeString(file, ",\"action\":\"system_knowledge.retrieval\"}\n", StandardOpenOption.APPEND);
        EventWindow second = source.window(0, Long.MAX_VALUE);
        assertThat(second.count(EventKind.RETRIEVAL)).isEqualTo(1);
        assertThat(second.samples(EventKind.RETRIEVAL)).containsExactly("event:live.jsonl:2");
        assertThat(second.scanned()).isEqualTo(2);
    }

    @Test
    void aFileLastWrittenBeforeTheWindowIsNotRead() throws IOException {
        event("gateway", "events.dispatched", 10);
        writeEvents("old.jsonl");
        Files.setLastModifiedTime(ws.otelDir().resolve("old.jsonl"),
                FileTime.from(clock.instant().minus(Duration.ofHours(5))));
        EventWindow w = new JsonlOtelEvents(ws.otelDir()).window(clock.millis() - 4 * 3_600_000L, clock.millis());
        assertThat(w.filesSkipped()).isEqualTo(1);
        assertThat(w.scanned()).isZero();
        Files.setLastModifiedTime(ws.otelDir().resolve("old.jsonl"),
                FileTime.from(clock.instant().minus(Duration.ofHours(3))));
        assertThat(new JsonlOtelEvents(ws.otelDir()).window(clock.millis() - 4 * 3_600_000L, clock.millis())
                .count(EventKind.OTHER)).isEqualTo(1);
    }

    @Test
    void wrongThresholdSettingsAreReportedByKey() {
        new WorkspaceFile(ws.dir()).update(root -> root.putObject("watchdog").put("compliance", 5).put("staleHours", "x"));
        WatchdogSettings s = WatchdogSettings.of(Fixtures.loader().load(ws.dir()));
        assertThat(s.compliance()).isEqualTo(0.95);
        assertThat(s.problems()).containsExactly(
                "workspace.json key \"watchdog.compliance\" must be a number from 0 to 1; using 0.95.",
                "workspace.json key \"watchdog.staleHours\" must be a number from 0.01 to 8760; using 48.");
        assertThat(Map.of()).isEmpty();
    }
}
