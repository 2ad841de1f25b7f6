package viewmodels.brief;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.brief.LoopState;
import services.brief.MiseBrief;
import services.failed.FailedTargetsService;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;

/** The verdict line: each refusing rule on its own line (✗), then what was checked (·). */
class BriefViewModelTest {

    private static MiseBrief.Brief brief(boolean allowed, List<String> reasons, List<String> refusals) {
        return new MiseBrief.Brief("2026-11-01T10:00:00Z", List.of(), List.of(new LoopState.Loop("loop-a", "t", "p", 1, 0,
                1, 2)), List.of(), null, List.of(), List.of(), List.of(), new MiseBrief.Health(10, "ok", Map.of(), "never"),
                3, allowed, reasons, refusals, List.of(), 1);
    }

    @Test
    void refusalsFirstThenWhatWasChecked() {
        assertEquals("Pitch not allowed\n✗ pending pitch: ADR-0205 awaits an answer\n✗ daily cap: 3 pitches today\n"
                        + "· capacity: 1 of 3 loops running (loop-a)",
                BriefViewModel.verdictText(brief(false, List.of("pending pitch: ADR-0205 awaits an answer",
                        "daily cap: 3 pitches today", "capacity: 1 of 3 loops running (loop-a)"),
                        List.of("pending pitch: ADR-0205 awaits an answer", "daily cap: 3 pitches today"))));
        assertEquals("Pitch allowed\n· capacity: 1 of 3 loops running (loop-a)", BriefViewModel.verdictText(brief(true,
                List.of("capacity: 1 of 3 loops running (loop-a)"), List.of())));
    }

    @Test
    void withoutRedisTheRulesAreNotCheckedNeitherAllowedNorRefused() {
        String unknown = "active loops and pitch history unknown (Redis not configured): capacity and the pitch rules "
                + "are not checked";
        MiseBrief.Brief b = new MiseBrief.Brief("2026-11-01T10:00:00Z", List.of(), List.of(), List.of(),
                "Redis not configured", List.of(), List.of(), List.of(),
                new MiseBrief.Health(10, "not configured", Map.of(), "not configured"), 3, null, false,
                List.of(unknown), List.of(), List.of(), 1);
        assertEquals("Pitch rules not checked (no Redis configured)\n· " + unknown, BriefViewModel.verdictText(b));
    }

    @TempDir
    Path tmp;

    @Test
    void theDemoWithoutRedisSaysTheRulesWereNotCheckedInANeutralState() {
        Workspace ws = testsupport.Fixtures.demo(tmp);
        try (var index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, index, testsupport.Fixtures.CLOCK)
                    .run(SyncOptions.all(), ProgressSink.NONE);
            BriefViewModel vm = new BriefViewModel(new MiseBrief(ws, index, new FailedTargetsService(ws,
                    index, null, testsupport.Fixtures.CLOCK), null, null, testsupport.Fixtures.CLOCK),
                    new SynchronousTaskRunner(), ZoneId.of("Europe/Berlin"));
            vm.refresh();
            assertThat(vm.verdictProperty().get()).startsWith("Pitch rules not checked (no Redis configured)\n· ")
                    .doesNotContain("Pitch allowed");
            assertEquals(false, vm.checkedProperty().get());
            assertEquals(true, vm.allowedProperty().get(), "nothing refused: not shown as a problem either");
            // gathered at the fixture's 10:00 UTC, which the command line writes as an ISO instant: 11:00 in Berlin
            assertThat(vm.markdownProperty().get()).containsPattern("_Gathered in \\d+ ms at 2026-11-01 11:00\\._")
                    .doesNotContainPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:");
        }
    }
}
