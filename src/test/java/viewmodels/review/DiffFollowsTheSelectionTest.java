package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.ReviewService;
import services.tasks.BackgroundTask;
import services.tasks.ProgressSink;
import services.tasks.TaskCallbacks;
import services.tasks.TaskHandle;
import services.tasks.TaskRunner;
import testsupport.Fixtures;

/**
 * Moving quickly through the queue: the diffs are computed in the background and may land late or out of order.
 * A proposal is never shown with another's diff, and cannot be approved until its own diff is on screen.
 */
class DiffFollowsTheSelectionTest {

    @TempDir
    Path tmp;

    /** Holds every task until the test runs it, in the order the test chooses. */
    static final class HeldRunner implements TaskRunner {
        final List<String> names = new ArrayList<>();
        final List<Runnable> held = new ArrayList<>();

        @Override
        public <T> TaskHandle submit(String name, BackgroundTask<T> task, TaskCallbacks<T> then) {
            names.add(name);
            held.add(() -> {
                try {
                    then.onSuccess().accept(task.run(ProgressSink.NONE));
                } catch (Exception e) {
                    then.onFailure().accept(e);
                }
            });
            return TaskHandle.of(name, () -> { }, () -> false);
        }

        @Override
        public List<TaskHandle> running() {
            return List.of();
        }

        @Override
        public void addListener(TaskListener listener) {
        }

        /** Runs the held diff tasks, the newest first (the worst order for the pane). */
        void runDiffsNewestFirst() {
            for (int i = held.size() - 1; i >= 0; i--) {
                if (names.get(i).equals("Diff")) {
                    names.remove(i);
                    held.remove(i).run();
                }
            }
        }

        /** Runs every held task, and those they submit, until none is left. */
        void runAll() {
            while (!held.isEmpty()) {
                List<Runnable> now = new ArrayList<>(held);
                held.clear();
                names.clear();
                now.forEach(Runnable::run);
            }
        }
    }

    @Test
    void aLateDiffOfTheProposalLeftBehindIsNeverShownAndApproveWaitsForTheRightOne() {
        HeldRunner runner = new HeldRunner();
        ReviewViewModel vm = new ReviewViewModel(new ReviewService(Fixtures.demo(tmp), Fixtures.CLOCK), runner, "joel", false);
        vm.refresh();
        runner.runAll(); // the first proposal, dream-2026-11-20-02, with its diff
        ProposalDetailViewModel d = vm.detail();
        assertThat(d.approvableProperty().get()).isTrue();
        assertThat(d.diff()).isNotEmpty();

        vm.next(); // j
        String second = vm.selectedIdProperty().get();
        assertThat(d.headingProperty().get()).startsWith(second);
        assertThat(d.diff()).as("no diff until its own is computed").isEmpty();
        assertThat(d.approvableProperty().get()).as("not approvable beside another proposal's diff").isFalse();
        vm.approve(); // the key a before the diff is on screen: refused, and said
        assertThat(runner.names).doesNotContain("Approving " + second);
        assertThat(vm.messageProperty().get()).startsWith("Not approved: its diff was still being computed");

        vm.next(); // j again, before the second proposal's diff landed
        String third = vm.selectedIdProperty().get();
        assertThat(third).isNotEqualTo(second);
        runner.runDiffsNewestFirst(); // the third's diff lands, then the second's, late
        List<DiffLine> shown = List.copyOf(d.diff());
        assertThat(shown).isNotEmpty();
        assertThat(d.approvableProperty().get()).isEqualTo(vm.rows().stream()
                .filter(r -> r.id().equals(third)).findFirst().orElseThrow().approvable());
        assertThat(d.headingProperty().get()).startsWith(third);
        runner.runAll();
        assertThat(d.diff()).as("the second proposal's late diff is dropped").containsExactlyElementsOf(shown);

        // the same diff computed on its own, for comparison
        HeldRunner alone = new HeldRunner();
        ReviewViewModel fresh = new ReviewViewModel(new ReviewService(Fixtures.demo(tmp.resolve("again")), Fixtures.CLOCK),
                alone, "joel", false);
        fresh.refresh();
        alone.runAll();
        fresh.select(third);
        alone.runAll();
        assertThat(fresh.detail().headingProperty().get()).startsWith(third);
        assertThat(fresh.detail().diff()).containsExactlyElementsOf(shown);
    }
}
