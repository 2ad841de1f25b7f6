package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import testsupport.Fixtures;

/**
 * The demo's conflicting proposal (its line was changed by hand after it was written): approving would write
 * nothing, so its diff is the proposal's own change on the text it was written for, said so in the caption — not
 * "28 unchanged lines" — and the conflict stays in the problem line; the next proposal's diff is its usual one.
 */
class ConflictDiffTest {

    private static final String CONFLICT = "sp-2026-11-14-gateway-ops-04";

    @TempDir
    Path tmp;

    private static List<String> changed(List<DiffLine> diff) {
        return diff.stream().filter(l -> !l.kind().equals("context") && !l.kind().equals("skip"))
                .map(l -> l.kind() + " " + (l.oldText().isEmpty() ? l.newText() : l.oldText()).stream()
                        .map(DiffLine.Segment::text).reduce("", String::concat)).toList();
    }

    @Test
    void aConflictShowsTheProposalsChangeOnItsBaseLabelledAndStillAConflict() {
        ReviewViewModel vm = new ReviewViewModel(new ReviewService(Fixtures.demo(tmp), Fixtures.CLOCK),
                new SynchronousTaskRunner(), "joel", false);
        vm.refresh();
        vm.select(CONFLICT);
        ProposalDetailViewModel d = vm.detail();
        assertThat(changed(d.diff())).containsExactly("removed - Never commit secrets.",
                "added - Never commit secrets; lease them for the task.");
        assertThat(d.diffIntendedProperty().get()).isTrue();
        assertThat(d.diffCaptionProperty().get()).startsWith("Conflict: the proposal's change as written, on its base ")
                .contains("not on the target now");
        // the conflict is not hidden: refused, with the hunk of the target as it is now
        assertThat(d.approvableProperty().get()).isFalse();
        assertThat(d.problemProperty().get()).contains("conflicts with it (1 hunk)")
                .contains("- Never commit secrets or tokens to the repo.");
        assertThat(d.proposedText()).as("nothing to edit and approve").doesNotContain("lease them");

        d.toggleDiffMode(); // side by side: the same change
        assertThat(d.diff()).anyMatch(l -> l.split() && l.kind().equals("changed"));
        assertThat(d.diffIntendedProperty().get()).isTrue();
        d.toggleDiffMode();

        vm.select("sp-2026-11-15-typesense-recall-03"); // stale, merges: the merged change, no conflict caption
        assertThat(d.diffIntendedProperty().get()).isFalse();
        assertThat(d.diffCaptionProperty().get()).isEmpty();
        assertThat(changed(d.diff())).containsExactly("added - Wrap filter values in backticks: `project:=`my app``.");
    }
}
