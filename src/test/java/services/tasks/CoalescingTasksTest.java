package services.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import testsupport.DeferredTaskRunner;

/** Search as you type: of many tasks submitted in a row, one runs and the newest waits; only the newest's result shows. */
class CoalescingTasksTest {

    private final DeferredTaskRunner runner = new DeferredTaskRunner();
    private final CoalescingTasks<String> tasks = new CoalescingTasks<>(runner, "Searching");
    private final List<String> computed = new ArrayList<>();
    private final List<String> shown = new ArrayList<>();
    private final List<String> failed = new ArrayList<>();

    private void submit(String text) {
        tasks.submit(progress -> {
            computed.add(text);
            return text;
        }, TaskCallbacks.<String>of(shown::add, e -> failed.add(e.getMessage())));
    }

    @Test
    void ofFiftyTasksSubmittedWhileTheFirstWaitsForAThreadOnlyTheLastIsComputedAndShown() {
        for (int i = 1; i <= 50; i++) {
            submit("q" + i);
        }
        assertThat(runner.waiting()).isEqualTo(1); // one handed to the runner; the newest waits here, not in its queue
        runner.runAll();

        assertThat(computed).containsExactly("q50"); // q1 was superseded before it got a thread: it never ran
        assertThat(shown).containsExactly("q50");
        assertThat(failed).isEmpty();
        assertThat(tasks.started()).isEqualTo(2);
        assertThat(tasks.superseded()).isEqualTo(48);
    }

    @Test
    void aRunningTaskSupersededByANewerOneStopsAtItsNextCheckAndItsResultIsNeverShown() {
        List<Integer> weighed = new ArrayList<>();
        tasks.submit(progress -> {
            for (int candidate = 0; candidate < 1000; candidate++) {
                Cancellation.check(); // as the index checks between candidates
                weighed.add(candidate);
                if (candidate == 3) {
                    submit("typed on"); // a keystroke arrives while it runs
                }
            }
            return "stale";
        }, TaskCallbacks.<String>of(shown::add, e -> failed.add(e.getMessage())));
        runner.runAll();

        assertThat(weighed).hasSize(4);
        assertThat(shown).containsExactly("typed on");
        assertThat(runner.ran).isEqualTo(2);
    }

    @Test
    void aTaskSubmittedWhenNoneRunsStartsAtOnceAndEachIsShownInTurn() {
        SynchronousTaskRunner sync = new SynchronousTaskRunner();
        CoalescingTasks<String> now = new CoalescingTasks<>(sync, "Searching");
        for (String text : List.of("a", "ab", "abc")) {
            now.submit(progress -> text, TaskCallbacks.<String>of(shown::add, e -> failed.add(e.getMessage())));
        }
        assertThat(shown).containsExactly("a", "ab", "abc");
    }

    @Test
    void theNewestTasksFailureIsDeliveredAndASupersededOnesIsNot() {
        tasks.submit(progress -> {
            throw new IllegalStateException("old broke");
        }, TaskCallbacks.<String>of(shown::add, e -> failed.add(e.getMessage())));
        runner.runNext(); // handed over and failed before anything newer came
        tasks.submit(progress -> {
            throw new IllegalStateException("superseded broke");
        }, TaskCallbacks.<String>of(shown::add, e -> failed.add(e.getMessage())));
        submit("newest");
        runner.runAll();
        assertThat(failed).containsExactly("old broke");
        assertThat(shown).containsExactly("newest");
    }
}
