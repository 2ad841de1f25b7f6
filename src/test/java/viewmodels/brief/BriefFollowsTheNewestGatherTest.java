package viewmodels.brief;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Collections;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import services.brief.MiseBrief;
import services.tasks.BackgroundTask;
import services.tasks.ProgressSink;
import services.tasks.TaskCallbacks;
import services.tasks.TaskCancelledException;
import services.tasks.TaskHandle;
import services.tasks.TaskRunner;

/**
 * Issue 37: the brief still listed a failed target cleared on the command line. A clear seen mid-way asks for two
 * gathers (the decision log moves first, the index after); on the window's two threads the first — read before the
 * clear — could finish last and put the cleared target back on screen, with nothing left to change it again.
 */
class BriefFollowsTheNewestGatherTest {

    /**
     * The window's pool, made deterministic: {@link #work()} runs the work of the tasks asked for so far (their
     * outcomes held), {@link #settle()} delivers held outcomes newest first — as two threads may — until none is left.
     */
    private static final class OutOfOrderRunner implements TaskRunner {
        private record Held<T>(BackgroundTask<T> task, TaskCallbacks<T> callbacks) {
        }

        private final List<Held<?>> waiting = new ArrayList<>();
        private final List<Runnable> outcomes = new ArrayList<>();

        @Override
        public <T> TaskHandle submit(String name, BackgroundTask<T> task, TaskCallbacks<T> callbacks) {
            waiting.add(new Held<>(task, callbacks));
            return TaskHandle.of(name, () -> { }, () -> false);
        }

        @Override
        public List<TaskHandle> running() {
            return List.of();
        }

        @Override
        public void addListener(TaskListener listener) {
        }

        void work() {
            List<Held<?>> now = List.copyOf(waiting);
            waiting.clear();
            now.forEach(h -> outcomes.add(outcome(h)));
        }

        void settle() {
            while (!waiting.isEmpty() || !outcomes.isEmpty()) {
                work();
                List<Runnable> newestFirst = new ArrayList<>(outcomes);
                outcomes.clear();
                Collections.reverse(newestFirst);
                newestFirst.forEach(Runnable::run);
            }
        }

        private static <T> Runnable outcome(Held<T> h) {
            try {
                T out = h.task().run(ProgressSink.NONE);
                return () -> h.callbacks().onSuccess().accept(out);
            } catch (TaskCancelledException e) {
                return h.callbacks().onCancelled();
            } catch (Exception e) {
                return () -> h.callbacks().onFailure().accept(e);
            }
        }
    }

    private static MiseBrief.Brief listing(List<String> failedTargets) {
        return new MiseBrief.Brief("2026-11-17T10:00:00Z", List.of(), List.of(), List.of(), "Redis not configured",
                failedTargets, List.of(), List.of(), new MiseBrief.Health(10, "not configured", Map.of(),
                "not configured"), 3, null, false, List.of(), List.of(), List.of(), 1);
    }

    @Test
    void aGatherBegunBeforeAClearNeverLandsAfterOneBegunAfterIt() {
        AtomicBoolean cleared = new AtomicBoolean();
        Supplier<MiseBrief.Brief> gather = () -> listing(cleared.get() ? List.of()
                : List.of("gremlin/S1 — flaky login"));
        OutOfOrderRunner runner = new OutOfOrderRunner();
        BriefViewModel vm = new BriefViewModel(gather, runner, ZoneOffset.UTC);

        vm.refresh(); // the decision log moved (the clear's intent written first) …
        runner.work(); // … and this gather read the index before the clear removed the target
        cleared.set(true);
        vm.refresh(); // the index moved (the clear done)
        runner.settle(); // the older gather's outcome arrives last

        assertThat(vm.markdownProperty().get()).doesNotContain("gremlin/S1").contains("Failed targets");
    }
}
