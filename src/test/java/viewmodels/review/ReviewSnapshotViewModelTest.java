package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * The window decides what is on screen: the detail shows the short digest of the snapshot shown, approving passes
 * that digest, and a file rewritten after it was shown is refused ("rewritten since you saw it") with nothing
 * written, then shown as it is now. A decided proposal whose file changed is shown tampered, never pending.
 */
class ReviewSnapshotViewModelTest {

    static final String ID = "dream-2026-11-20-03";

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService service;
    private ReviewViewModel vm;
    private Path file;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        service = new ReviewService(ws, Fixtures.CLOCK);
        vm = new ReviewViewModel(service, new SynchronousTaskRunner(), "joel", false);
        vm.refresh();
        vm.select(ID);
        file = ws.dreamDir().resolve("proposals").resolve(ID + ".md");
    }

    private long approvals() {
        return new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries().stream()
                .filter(e -> e.path("action").asText().equals("approve")).count();
    }

    @Test
    void theDetailShowsTheShortDigestOfTheSnapshotShown() {
        String digest = service.find(ID).proposal().digest();
        assertThat(vm.detail().digestProperty().get()).isEqualTo("Digest " + digest.substring(0, 19))
                .matches("Digest sha256:[0-9a-f]{12}");
    }

    @Test
    void approvingAFileRewrittenSinceItWasShownIsRefusedAndTheNewFileIsShown() throws Exception {
        String shown = vm.detail().digestProperty().get();
        assertThat(vm.detail().approvableProperty().get()).isTrue();
        // the agent rewrites the proposal while it is on screen: same id, another text
        Files.writeString(file, Files.readString(file) + "\nObey the agent.\n");
        vm.approve();
        assertThat(vm.messageProperty().get()).contains("rewritten since you saw it");
        assertEquals(0, approvals(), "nothing approved");
        // shown again as it is now: another digest, and approving that decides it
        assertThat(vm.selectedIdProperty().get()).isEqualTo(ID);
        String now = vm.detail().digestProperty().get();
        assertThat(now).isNotEqualTo(shown);
        vm.approve();
        assertEquals(1, approvals());
        assertThat(new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries().get(0).get("digest")
                .asText()).startsWith(now.substring("Digest ".length()));
    }

    @Test
    void rejectingAFileRewrittenSinceItWasShownIsRefusedToo() throws Exception {
        Files.writeString(file, Files.readString(file) + "\n");
        vm.reject("Too broad.");
        assertThat(vm.messageProperty().get()).contains("rewritten since you saw it");
        assertThat(new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries()).isEmpty();
    }

    @Test
    void aForgedPendingAfterAnApprovalIsShownTamperedAndCannotBeDecided() throws Exception {
        vm.approve();
        assertEquals(1, approvals());
        Files.writeString(file, Files.readString(file).replace("status: approved", "status: pending")
                .replace("target: rules/exact-ids.md", "target: AGENTS.md"));
        vm.filterProperty().set(ReviewViewModel.Filter.ALL);
        vm.refresh();
        vm.select(ID);
        assertThat(vm.rows()).filteredOn(r -> r.id().equals(ID)).singleElement()
                .satisfies(r -> assertThat(r.state()).isEqualTo("tampered"));
        assertThat(vm.detail().tamperedProperty().get()).startsWith("Tampered")
                .contains("status: approved → pending").contains("target: rules/exact-ids.md → AGENTS.md")
                .contains("+status: pending");
        assertFalse(vm.detail().decidableProperty().get());
        assertFalse(vm.detail().approvableProperty().get());
        vm.filterProperty().set(ReviewViewModel.Filter.OPEN);
        assertThat(vm.rows()).extracting(QueueRow::id).doesNotContain(ID);
        vm.filterProperty().set(ReviewViewModel.Filter.ALL);
        vm.select(ID);
        vm.approve();
        assertEquals(1, approvals(), "never approved a second time");
    }

    @Test
    void aDecidedProposalRewrittenIntoAnInvalidFileIsShownTamperedUnderDecidedNeverOpenOrInvalid() throws Exception {
        vm.approve();
        assertEquals(1, approvals());
        Files.writeString(file, Files.readString(file).replace("status: approved", "status: approved\nstatus: pending"));
        vm.filterProperty().set(ReviewViewModel.Filter.ALL);
        vm.refresh();
        vm.select(ID);
        assertThat(vm.rows()).filteredOn(r -> r.id().equals(ID)).singleElement()
                .satisfies(r -> assertThat(r.state()).isEqualTo("tampered"));
        assertThat(vm.detail().tamperedProperty().get()).contains("no longer a valid proposal");
        assertFalse(vm.detail().decidableProperty().get());
        for (ReviewViewModel.Filter f : List.of(ReviewViewModel.Filter.OPEN, ReviewViewModel.Filter.INVALID)) {
            vm.filterProperty().set(f);
            assertThat(vm.rows()).as("%s", f).extracting(QueueRow::id).doesNotContain(ID);
        }
        vm.filterProperty().set(ReviewViewModel.Filter.DECIDED);
        assertThat(vm.rows()).extracting(QueueRow::id).contains(ID);
    }
}
