package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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

/**
 * A watchdog that can read no source of events is blind, never healthy (running-system.md part 6): the spool is an
 * outbox, empty on a healthy system, so an empty or missing spool read alone sees nothing — and neither do the
 * console's own watchdog runs that join it.
 */
class WatchdogBlindTest {

    @TempDir
    Path tmp;

    private final MutableClock clock = new MutableClock(Fixtures.CLOCK.instant().plus(Duration.ofHours(1)));

    private Workspace spoolAt(String path) {
        Workspace ws = Fixtures.demo(tmp.resolve("ws"));
        new WorkspaceFile(ws.dir()).update(root -> root.putObject("otelEvents").put("source", "spool").put("path", path));
        return Fixtures.loader().load(ws.dir());
    }

    private List<WatchdogReport> runs(Workspace ws, int n) {
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            Watchdog w = Watchdogs.create(ws, index, new VaultSync(ws, index, clock),
                    new FailedTargetsService(ws, index, null, clock), new SpoolOtelEvents(ws.otelDir()),
                    new FileWatchdogGate(ws.stateDir()), clock, Telemetry.noop());
            List<WatchdogReport> out = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                out.add(w.run(true, ProgressSink.NONE));
                clock.advance(Duration.ofMinutes(10));
            }
            return out;
        }
    }

    @Test
    void anEmptySpoolReadAloneIsBlindAndStaysBlindThoughTheConsolesOwnRunsJoinIt() throws IOException {
        Workspace ws = spoolAt("empty-spool");
        Files.createDirectories(ws.otelDir());
        List<WatchdogReport> reports = runs(ws, 2);
        try (var files = Files.list(ws.otelDir())) {
            assertThat(files.count()).isEqualTo(2); // the console's own knowledge.watchdog.check events
        }
        for (WatchdogReport r : reports) {
            ClickHouseOtelEventsTest.assertBlind(r, "an outbox");
            assertThat(r.issues()).anySatisfy(i -> assertThat(i).startsWith("Blind: "));
            assertThat(r.stats()).containsEntry("otel_blind", true);
            assertThat(r.findings()).filteredOn(f -> f.check().equals("zero-retrieval")).singleElement()
                    .satisfies(f -> assertThat(f.message()).startsWith("Not checked: the watchdog is blind"));
        }
        assertThat(reports.get(0).findings().get(1).message()).contains("is empty");
        assertThat(reports.get(1).findings().get(1).message()).contains("holds only this console's own watchdog runs");
        assertThat(new WatchdogLog(ws.stateDir()).recent(5).runs()).allSatisfy(e -> {
            assertThat(e.blind()).isTrue();
            assertThat(e.healthy()).isFalse();
        });
    }

    @Test
    void aMissingSpoolReadAloneIsBlind() {
        Workspace ws = spoolAt("no-such-spool");
        WatchdogReport r = runs(ws.readOnly() ? ws : readOnly(ws), 1).get(0); // read-only: nothing joins the spool
        ClickHouseOtelEventsTest.assertBlind(r, "does not exist");
        assertThat(Files.exists(ws.otelDir())).isFalse();
    }

    private static Workspace readOnly(Workspace ws) {
        new WorkspaceFile(ws.dir()).update(root -> root.put("readOnly", true));
        return Fixtures.loader().load(ws.dir());
    }
}
