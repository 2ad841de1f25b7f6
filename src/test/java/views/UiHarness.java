package views;

import app.cli.WarmCommands;
import app.compose.AppContext;
import app.window.FxTaskRunner;
import app.window.MainWindow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import redis.clients.jedis.RedisClient;
import services.demo.DemoWorkspace;
import services.demo.RedisDemoSeed;
import services.workspace.AppDirs;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;
import viewmodels.review.DiffLine;
import viewmodels.review.QueueRow;

/** Starts the real main window (real task runner, real index) on a fresh demo workspace, for UI tests. */
public final class UiHarness {

    private static final long SETTLE_MAX_MS = 1500;
    private static final int STILL_CHECKS = 3;
    private static final int CHECK_MS = 60;
    /** The task runner of the window opened last: {@link #settle()} waits for its tasks. */
    private static volatile FxTaskRunner newest;

    public final Path workspace;
    public final MainWindow window;
    private final Stage stage;
    private final FxTaskRunner runner = new FxTaskRunner();

    public UiHarness(Stage stage, Path tmp) {
        this(stage, tmp, false);
    }

    /** @param semantic false: no background embedding while a screen's test runs (the Knowledge semantic test turns it on) */
    public UiHarness(Stage stage, Path tmp, boolean semantic) {
        this(stage, tmp, semantic, null);
    }

    /** @param redisUrl a Redis for the demo, given the demo's loop state (PRD keys, pitch history); or null */
    public UiHarness(Stage stage, Path tmp, boolean semantic, String redisUrl) {
        this(stage, tmp, semantic, redisUrl, window -> { });
    }

    /** @param beforeOpen what to do with the window before it opens the demo (e.g. add a section) */
    public UiHarness(Stage stage, Path tmp, boolean semantic, String redisUrl,
                     Consumer<MainWindow> beforeOpen) {
        this(stage, tmp, semantic, redisUrl, beforeOpen, Clock.systemUTC());
    }

    /**
     * @param clock the window's clock; {@link #demoTime()} runs from the day the demo workspace is written for, so
     *              "the last 14 days" hold the demo's loops and stories (the system clock may be before them)
     */
    public UiHarness(Stage stage, Path tmp, boolean semantic, String redisUrl,
                     Consumer<MainWindow> beforeOpen, Clock clock) {
        workspace = redisUrl == null ? Fixtures.demoAt(tmp.resolve("demo"))
                : Fixtures.demoWriter(Fixtures.CLOCK).writeWithRedis(tmp.resolve("demo"), redisUrl).dir();
        if (redisUrl != null) {
            try (var client = RedisClient.create(URI.create(redisUrl))) {
                RedisDemoSeed.seed(workspace, client);
            }
        }
        // No scheduled job may change what a screen's test sees: no catch-up, both jobs paused (Run now still works).
        try {
            Files.delete(workspace.resolve("state/jobs.jsonl"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        new WorkspaceFile(workspace).update(root -> {
            root.putArray("schedulesPaused").add("sync").add("watchdog").add("policy").add("reach");
            root.putObject("semantic").put("enabled", semantic);
        });
        this.stage = stage;
        newest = runner;
        AppContext app = new AppContext(new AppDirs(tmp.resolve("config"), tmp.resolve("data")), clock, runner);
        window = new MainWindow(app, stage, file -> { }, svc -> new WarmCommands(svc, System.getenv()));
        beforeOpen.accept(window);
        stage.show();
        window.openInitial(Optional.of(workspace), false);
    }

    /** A running clock that starts at the demo workspace's own time ({@link Fixtures#CLOCK}). */
    public static Clock demoTime() {
        return Clock.offset(Clock.systemUTC(),
                Duration.between(Instant.now(), Fixtures.CLOCK.instant()));
    }

    /** The window's task runner (a test holds a task running on it to see the status bar show it). */
    public FxTaskRunner runner() {
        return runner;
    }

    /** Closes the window and waits for its background work to end, so a test's temp folder can be deleted. */
    public void close(FxRobot robot) {
        closeAndSettle(robot, stage, runner);
    }

    /**
     * Hides the window (which closes its workspace: scheduler, change poll, index) and waits up to 30 s until no
     * background task is left that could still write into the workspace while JUnit deletes it.
     */
    public static void closeAndSettle(FxRobot robot, Stage stage, FxTaskRunner runner) {
        robot.interact(stage::hide);
        waitUntil(30, () -> runner.running().isEmpty());
    }

    /** Waits (up to 20 s) until the condition holds on the FX thread. */
    public static void waitUntil(BooleanSupplier condition) {
        waitUntil(20, condition);
    }

    /** As {@link #waitUntil(BooleanSupplier)}, for background work that takes longer on a loaded machine. */
    public static void waitUntil(int seconds, BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition::getAsBoolean).get());
        } catch (Exception e) {
            throw new AssertionError("Condition not met in time", e);
        }
    }

    /** Waits until the first sync has filled the index (the status bar counts documents). */
    public static void waitForIndex(FxRobot robot) {
        waitUntil(() -> robot.lookup("#status-index").tryQueryAs(Label.class)
                .map(l -> l.getText().matches("Index: lucene · \\d{3} documents.*")).orElse(false));
    }

    /** Review's queue of proposals. */
    @SuppressWarnings("unchecked")
    public static ListView<QueueRow> reviewQueue(FxRobot robot) {
        return robot.lookup("#review-queue").queryAs(ListView.class);
    }

    /** Review's diff of the proposal shown. */
    @SuppressWarnings("unchecked")
    public static ListView<DiffLine> reviewDiff(FxRobot robot) {
        return robot.lookup("#review-diff").queryAs(ListView.class);
    }

    /**
     * Lets a resize or a new selection settle: waits until the newest harness's window has no background task
     * running, the FX thread's queue is drained and every shown node keeps its place, size and text over
     * {@value #STILL_CHECKS} checks {@value #CHECK_MS} ms apart (several pulses each) — or at most the 1.5 s that
     * was once a fixed wait, whichever comes first.
     */
    public static void settle() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETTLE_MAX_MS);
        long last = 0;
        int still = 0;
        while (System.nanoTime() < deadline) {
            WaitForAsyncUtils.waitForFxEvents();
            long now = sceneState();
            still = now == last ? still + 1 : 0;
            if (still >= STILL_CHECKS) {
                return;
            }
            last = now;
            WaitForAsyncUtils.sleep(CHECK_MS, TimeUnit.MILLISECONDS);
        }
    }

    /** A hash of what a settle waits on: the running tasks, and each shown node's bounds, place and text. */
    private static long sceneState() {
        try {
            return WaitForAsyncUtils.asyncFx(() -> {
                FxTaskRunner runner = newest;
                long h = runner == null ? 0 : runner.running().size();
                for (Window w : Window.getWindows()) {
                    if (w.isShowing() && w.getScene() != null) {
                        h = state(w.getScene().getRoot(), h * 31 + Double.hashCode(w.getWidth() + w.getHeight()));
                    }
                }
                return h;
            }).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("The FX thread did not answer", e);
        }
    }

    private static long state(Node node, long h) {
        h = h * 31 + System.identityHashCode(node);
        h = h * 31 + (node.isVisible() ? 1 : 0);
        h = h * 31 + node.getBoundsInParent().hashCode();
        h = h * 31 + node.getLayoutBounds().hashCode();
        if (node instanceof Labeled l) {
            h = h * 31 + Objects.hashCode(l.getText());
        } else if (node instanceof Text t) {
            h = h * 31 + Objects.hashCode(t.getText());
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                h = state(child, h);
            }
        }
        return h;
    }

    /** The window at this size on the Review screen, its queue filled. */
    public void reviewAt(FxRobot robot, double width, double height) {
        robot.interact(() -> {
            stage.setWidth(width);
            stage.setHeight(height);
            window.shell().select("review");
        });
        waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent() && !reviewQueue(robot).getItems().isEmpty());
    }
}
