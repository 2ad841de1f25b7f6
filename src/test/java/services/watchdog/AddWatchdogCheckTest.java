package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
import testsupport.Fixtures;
import testsupport.MutableClock;

/**
 * "Add a watchdog check", as the README describes it: a class implementing {@link WatchdogCheck} that reads the
 * run and returns a {@link CheckResult}, appended to {@link Watchdogs#checks}. Its finding comes last in the report,
 * its figure in the stats, and the Health screen's log and the summary line carry it like any other check's.
 */
class AddWatchdogCheckTest {

    /** The sample check: too few skills in the index is a warning. */
    static final class SkillCountCheck implements WatchdogCheck {

        private final long minimum;

        SkillCountCheck(long minimum) {
            this.minimum = minimum;
        }

        @Override
        public String name() {
            return "skill-count";
        }

        @Override
        public CheckResult run(WatchdogRun run) {
            long skills = run.index().countsByType().getOrDefault("skill", 0L);
            Map<String, Object> figures = Finding.ordered("skills", skills, "minimum", minimum);
            Finding finding = skills < minimum
                    ? Finding.of(name(), Severity.WARNING, "Only " + skills + " skills indexed (fewer than " + minimum + ")",
                            figures)
                    : Finding.of(name(), Severity.OK, skills + " skills indexed", figures);
            return CheckResult.of(finding).withStats("skills_indexed", skills);
        }
    }

    @TempDir
    Path tmp;

    private final MutableClock clock = new MutableClock(Fixtures.CLOCK.instant().plusSeconds(3600));
    private Workspace ws;
    private LuceneKnowledgeIndex index;

    @BeforeEach
    void setUp() throws IOException {
        ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    private Watchdog watchdogWith(WatchdogCheck extra) {
        VaultSync sync = new VaultSync(ws, index, clock);
        List<WatchdogCheck> checks = new ArrayList<>(Watchdogs.checks(index, sync,
                new FailedTargetsService(ws, index, null, clock)));
        checks.add(extra);
        return new Watchdog(ws, index, new SpoolOtelEvents(ws.otelDir()), new FileWatchdogGate(ws.stateDir()), checks,
                clock, Telemetry.noop());
    }

    @Test
    void anAddedCheckReportsItsFindingAndFigureAfterTheBuiltInOnes() {
        long skills = index.countsByType().getOrDefault("skill", 0L);
        assertThat(skills).isPositive();
        Watchdog plain = watchdogWith(new SkillCountCheck(1));
        WatchdogReport ok = plain.run(true, ProgressSink.NONE);

        assertThat(ok.findings()).extracting(Finding::check).containsExactly("collection", "otel-events",
                "zero-retrieval", "turn-write-compliance", "staleness", "failed-target-ttl", "write-side", "brain-notes",
                "skill-count");
        Finding mine = ok.findings().get(ok.findings().size() - 1);
        assertThat(mine.severity()).isEqualTo(Severity.OK);
        assertThat(mine.message()).isEqualTo(skills + " skills indexed");
        assertThat(mine.figures()).containsEntry("skills", skills).containsEntry("minimum", 1L);
        assertThat(ok.stats()).containsEntry("skills_indexed", skills).containsKeys("num_documents", "brain_notes");
        List<String> keys = new ArrayList<>(ok.stats().keySet());
        assertThat(keys.get(keys.size() - 1)).isEqualTo("skills_indexed");
    }

    @Test
    void anAddedCheckThatWarnsMakesTheRunUnhealthyAndIsKeptInTheLog() {
        clock.advance(Duration.ofMinutes(5));
        WatchdogReport r = watchdogWith(new SkillCountCheck(10_000)).run(true, ProgressSink.NONE);

        String message = r.findings().get(r.findings().size() - 1).message();
        assertThat(message).startsWith("Only ").endsWith(" skills indexed (fewer than 10000)");
        assertThat(r.issues()).contains(message);
        assertThat(r.healthy()).isFalse();
        assertThat(r.summary()).contains(message);
        WatchdogLog.Entry last = new WatchdogLog(ws.stateDir()).recent(1).runs().get(0);
        assertThat(last.findings()).extracting(Finding::check).contains("skill-count");
        assertThat(last.findings()).filteredOn(f -> f.check().equals("skill-count")).singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.WARNING));
    }
}
