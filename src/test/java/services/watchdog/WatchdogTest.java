package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;

/** The watchdog's run, its collection checks, the gate and read-only workspaces, on a real Lucene index. */
class WatchdogTest extends WatchdogFixture {

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
    void aCollectionWithNothingNewFor48HoursIsStale() {
        clock.set(SYNCED.plus(Duration.ofHours(49)));
        Finding f = finding(run(), "staleness");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).contains("49.0 h ago");
        clock.set(SYNCED.plus(Duration.ofHours(47)));
        assertThat(finding(run(), "staleness").severity()).isEqualTo(Severity.OK);
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
