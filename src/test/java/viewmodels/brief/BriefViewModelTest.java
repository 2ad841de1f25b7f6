package viewmodels.brief;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import services.brief.LoopState;
import services.brief.MiseBrief;

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
}
