package views.shell;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import services.workspace.WorkspaceFile;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import services.demo.DemoWorkspace;
import services.knowledge.LuceneKnowledgeIndex;
import services.notes.TurnEvents;
import services.notes.TurnNoteLog;
import services.notes.TurnNoteRequest;
import services.notes.TurnNotes;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The window's face of a damaged index: the banner says what happened and its button rebuilds it. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class IndexRebuildUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        ui = new UiHarness(stage, tmp.resolve("rebuild-" + System.nanoTime()));
    }

    @AfterEach
    void close(FxRobot robot) {
        ui.close(robot);
    }

    @Test
    void aDamagedIndexIsExplainedAndRebuiltFromTheBanner(FxRobot robot) throws Exception {
        UiHarness.waitForIndex(robot);
        Path dir = Fixtures.demoAt(tmp.resolve("damaged-" + System.nanoTime()));
        // Only the rebuild writes this index while the test runs: no catch-up sync or watchdog beside it.
        new WorkspaceFile(dir).update(root ->
                root.putArray("schedulesPaused").add("sync").add("watchdog").add("policy").add("reach"));
        Workspace ws = Fixtures.loader().load(dir);
        // On a thread of its own: an interrupt left on the test thread by the toolkit must not cut a Lucene commit.
        CompletableFuture.runAsync(() -> {
            try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
                new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
                new TurnNotes(index, new TurnEvents(ws.otelDir(), Fixtures.CLOCK), Fixtures.CLOCK,
                        new TurnNoteLog(ws.stateDir())).write(new TurnNoteRequest("gateway", "pi", null, "s1", 4, null,
                        "survives the rebuild", null, null, null, null, null, null, null, null, null, null, null));
            }
        }).get();
        try (Stream<Path> files = Files.list(ws.indexDir())) {
            Path segments = files.filter(p -> p.getFileName().toString().startsWith("segments_")).findFirst().orElseThrow();
            try (RandomAccessFile f = new RandomAccessFile(segments.toFile(), "rw")) {
                f.setLength(f.length() / 2);
            }
        }
        robot.interact(() -> ui.window.shell().openWorkspace(dir));
        UiHarness.waitUntil(() -> robot.lookup("#error-banner").queryAs(Label.class).getText().contains("is damaged"));
        assertThat(robot.lookup("#error-banner").queryAs(Label.class).getText()).contains(ws.indexDir().toString())
                .contains("sync --rebuild");
        robot.clickOn("#rebuild-index");
        UiHarness.waitUntil(() -> Files.isDirectory(ws.indexDir()));
        UiHarness.waitForIndex(robot);
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-sync-result").tryQueryAs(Label.class)
                .map(l -> l.getText().startsWith("Last sync:")).orElse(true));
        try (Stream<Path> state = Files.list(ws.stateDir())) {
            assertThat(state.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("index.damaged-"));
        }
        assertThat(robot.lookup("#error-banner").queryAs(Label.class).getText()).isEmpty();
    }
}
