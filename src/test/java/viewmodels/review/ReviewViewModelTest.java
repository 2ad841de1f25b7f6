package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The review queue's view model on the demo's real repositories, without a toolkit. */
class ReviewViewModelTest {

    @TempDir
    Path tmp;

    private ReviewViewModel vm;

    @BeforeEach
    void setUp() {
        Workspace ws = Fixtures.demo(tmp);
        vm = new ReviewViewModel(new ReviewService(ws, Fixtures.CLOCK), new SynchronousTaskRunner(), "joel", false);
        vm.refresh();
    }

    @Test
    void openProposalsComeFirstApprovableOnTopWithCounts() {
        assertThat(vm.countsProperty().get()).startsWith("8 open — ").endsWith(" · 2 invalid");
        assertEquals("dream-2026-11-20-02", vm.rows().get(0).id());
        assertThat(vm.rows()).extracting(QueueRow::state).contains("pending", "stale · merges", "conflict", "blocked",
                "invalid");
        assertThat(vm.rows()).noneMatch(r -> r.status().equals("approved"));
        vm.filterProperty().set(ReviewViewModel.Filter.DECIDED);
        assertThat(vm.rows()).extracting(QueueRow::status).containsExactlyInAnyOrder("approved", "rejected");
    }

    @Test
    void theDetailShowsRationaleEvidenceAndBothDiffModes() {
        ProposalDetailViewModel d = vm.detail();
        assertEquals("dream-2026-11-20-02 — SOUL.md", d.headingProperty().get());
        assertThat(d.evidenceProperty().get()).startsWith("Evidence: session:");
        assertThat(d.diff()).anyMatch(l -> l.kind().equals("added") && !l.split()
                && l.newText().stream().anyMatch(DiffLine.Segment::changed));
        d.toggleDiffMode();
        assertThat(d.diff()).allMatch(l -> l.split() || l.kind().equals("skip"));
        assertTrue(d.approvableProperty().get());
        vm.select("sp-2026-11-14-gateway-ops-04");
        assertFalse(d.approvableProperty().get());
        assertTrue(d.decidableProperty().get());
        assertThat(d.problemProperty().get()).contains("conflicts").contains("<<<<<<< current");
        vm.select("sp-2026-11-15-typesense-recall-03");
        assertEquals("", d.problemProperty().get());
        assertThat(d.noticeProperty().get()).startsWith("The target changed since this proposal was written");
    }

    @Test
    void decisionsMoveOnToTheNextProposal() {
        vm.approve();
        assertThat(vm.messageProperty().get()).startsWith("Approved dream-2026-11-20-02: committed ");
        assertEquals("dream-2026-11-20-03", vm.selectedIdProperty().get());
        vm.reject("Too broad.");
        assertEquals("Rejected dream-2026-11-20-03: Too broad.", vm.messageProperty().get());
        vm.approveEdited("---\nname: retro-reader\ndescription: edited\n---\n");
        assertThat(vm.messageProperty().get()).startsWith("Approved dream-2026-11-20-01");
        assertThat(vm.countsProperty().get()).startsWith("5 open");
        vm.select("sp-2026-11-14-gateway-ops-04");
        vm.approve();
        assertThat(vm.messageProperty().get()).contains("cannot be approved");
    }
}
