package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import services.review.DecisionRecord;
import viewmodels.text.Moments;

/** The review window's line for a reverted approval: who reverted it, when, why, and who had approved it. */
class RevertedDecisionWordsTest {

    @Test
    void aRevertedApprovalSaysWhoRevertedItWhenAndWhy() {
        DecisionRecord r = new DecisionRecord("reverted", "policy:expiry", "2026-11-09T10:00:00Z",
                "not confirmed within 7 days", "1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d", "brain/review", null,
                "rules/x.md", "", "x\n", true, "Approved by policy:supervised at 2026-11-01T10:00:00Z in 1a2b3c4d5e; "
                + "reverted by commit 9f8e7d6c5b. The diff shows the change that was reverted.");
        // the note's instant too is written as the window writes times, in its zone
        assertThat(DecisionWords.describe(r, Moments.in(ZoneId.of("Europe/Berlin"))))
                .isEqualTo("Reverted by policy:expiry at 2026-11-09 11:00"
                + " · commit 1a2b3c4d5e on brain/review — reason: not confirmed within 7 days (Approved by "
                + "policy:supervised at 2026-11-01 11:00 in 1a2b3c4d5e; reverted by commit 9f8e7d6c5b.)");
    }
}
