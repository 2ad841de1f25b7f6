package viewmodels.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import services.review.ReviewException;
import services.review.remote.SharedBranch;
import services.tasks.SynchronousTaskRunner;

/** The status bar's word on the shared review branch, in the words the inbox and sync-review use. */
class ReviewSharingViewModelTest {

    private static final Instant AT = Instant.parse("2026-11-20T10:00:00Z");

    private static SharedBranch.Report report(SharedBranch... repos) {
        return new SharedBranch.Report(List.of(repos), List.of());
    }

    private static SharedBranch repo(int ahead, int behind, String result, String problem) {
        return new SharedBranch("/w/repos/joelclaw", "/w/repos/joelclaw → origin (https://***@git.example/r.git)",
                ahead, behind, result, problem, AT);
    }

    @Test
    void showsDecisionsNotPushedAndAheadBehindOfEachRepository() {
        AtomicReference<SharedBranch.Report> now = new AtomicReference<>(report(repo(2, 0, null, null),
                repo(0, 1, "fetched", null)));
        ReviewSharingViewModel vm = new ReviewSharingViewModel(now::get, now::get, new SynchronousTaskRunner(), false);
        vm.refresh();
        assertEquals("Review branch: 2 decisions not pushed · 1 behind the remote", vm.textProperty().get());
        assertThat(vm.detailProperty().get()).contains("origin (https://***@git.example/r.git): 2 ahead, 0 behind",
                ": 0 ahead, 1 behind (last sync: fetched)", "Click to fetch and push now.");
        assertTrue(vm.sharedProperty().get());
        assertTrue(vm.attentionProperty().get());

        now.set(report(repo(0, 0, "pushed", null)));
        vm.refresh();
        assertEquals("Review branch: every decision is on the remote", vm.textProperty().get());
        assertFalse(vm.attentionProperty().get());
    }

    @Test
    void offlineAndRefusedAreSaidWithTheirReason() {
        ReviewSharingViewModel vm = new ReviewSharingViewModel(() -> report(repo(1, 0, "offline",
                "Could not push: connection refused")), () -> report(), new SynchronousTaskRunner(), false);
        vm.refresh();
        assertEquals("Review branch: 1 decision not pushed · offline", vm.textProperty().get());
        assertThat(vm.detailProperty().get()).contains("Could not push: connection refused");

        vm.show(report(repo(1, 1, "failed", "The remote refused brain/review: protected")));
        assertEquals("Review branch: 1 decision not pushed · 1 behind the remote · the last sync failed",
                vm.textProperty().get());
        assertTrue(vm.attentionProperty().get());
    }

    @Test
    void syncNowPushesAndShowsTheResultButNeverOnAReadOnlyWorkspace() {
        AtomicInteger syncs = new AtomicInteger();
        AtomicReference<SharedBranch.Report> state = new AtomicReference<>(report(repo(3, 0, null, null)));
        ReviewSharingViewModel vm = new ReviewSharingViewModel(state::get, () -> {
            syncs.incrementAndGet();
            state.set(report(repo(0, 0, "pushed", null)));
            return state.get();
        }, new SynchronousTaskRunner(), false);
        vm.refresh();
        vm.syncNow();
        assertEquals(1, syncs.get());
        assertEquals("Review branch: every decision is on the remote", vm.textProperty().get());
        assertFalse(vm.syncingProperty().get());

        ReviewSharingViewModel readOnly = new ReviewSharingViewModel(() -> report(repo(3, 0, null, null)), () -> {
            syncs.incrementAndGet();
            return report();
        }, new SynchronousTaskRunner(), true);
        readOnly.refresh();
        readOnly.syncNow();
        assertEquals(1, syncs.get(), "nothing pushed from a read-only workspace");
        assertThat(readOnly.detailProperty().get()).doesNotContain("Click to");
    }

    @Test
    void nothingShownWhenTheWorkspaceSharesNothingAndAWrongSettingIsSaid() {
        ReviewSharingViewModel none = new ReviewSharingViewModel(() -> report(), () -> report(),
                new SynchronousTaskRunner(), false);
        none.refresh();
        assertEquals("", none.textProperty().get());
        assertFalse(none.sharedProperty().get());

        ReviewSharingViewModel wrong = new ReviewSharingViewModel(() -> new SharedBranch.Report(List.of(),
                List.of("workspace.json: 'reviewRemote' is not a remote's name")), () -> report(),
                new SynchronousTaskRunner(), false);
        wrong.refresh();
        assertEquals("Review branch: not shared", wrong.textProperty().get());
        assertThat(wrong.detailProperty().get()).contains("'reviewRemote'");
        assertTrue(wrong.sharedProperty().get());
    }

    @Test
    void aReadThatFailsSaysSoWithoutAStackTrace() {
        ReviewSharingViewModel vm = new ReviewSharingViewModel(() -> {
            throw new ReviewException("Cannot read the branches of /w/repos/joelclaw: broken");
        }, () -> report(), new SynchronousTaskRunner(), false);
        vm.refresh();
        assertEquals("Review branch: cannot be read", vm.textProperty().get());
        assertThat(vm.detailProperty().get()).isEqualTo("Cannot read the branches of /w/repos/joelclaw: broken");
    }
}
