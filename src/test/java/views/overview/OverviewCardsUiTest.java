package views.overview;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import services.demo.DemoWorkspace;
import services.sync.FileIssue;
import services.sync.SyncSources;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import services.workspace.WorkspaceInventory;
import testsupport.Fixtures;
import viewmodels.overview.OverviewViewModel;
import views.overview.OverviewView;

/**
 * The Overview's count cards do not move when a sync changes their notes ("not synced yet", "3 not indexed", none):
 * each card keeps its width and height, and the folders table below stays where it was.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class OverviewCardsUiTest {

    @TempDir
    static Path tmp;

    private final AtomicReference<SyncSources.Sources> sources = new AtomicReference<>();
    private OverviewViewModel vm;
    private OverviewView view;

    @Start
    void start(Stage stage) {
        Path dir = testsupport.Fixtures.demoWriter(Clock.fixed(Instant.parse("2026-11-01T00:00:00Z"), ZoneOffset.UTC))
                .write(tmp.resolve("cards-" + System.nanoTime())).dir();
        Workspace ws = Fixtures.loader().load(dir);
        sources.set(sources(false, 0));
        vm = new OverviewViewModel(ws, new WorkspaceInventory(), sources::get, new SynchronousTaskRunner());
        view = new OverviewView(vm);
        stage.setScene(new Scene(new StackPane(view.root()), 1100 - 190, 620));
        stage.show();
        vm.refresh();
    }

    @Test
    void aSyncMovesNothing(FxRobot robot) {
        List<Bounds> notSynced = cards(robot);
        sources.set(sources(true, 12));
        List<Bounds> notIndexed = refreshed(robot);
        sources.set(sources(true, 0));
        List<Bounds> clean = refreshed(robot);
        assertThat(notSynced).hasSize(6); // five cards and the folders table
        assertThat(notIndexed).as("after a sync that could not index some files").isEqualTo(notSynced);
        assertThat(clean).as("after a sync that indexed every file").isEqualTo(notSynced);
    }

    private List<Bounds> refreshed(FxRobot robot) {
        robot.interact(vm::refresh);
        WaitForAsyncUtils.waitForFxEvents();
        return cards(robot);
    }

    /** The cards' and the table's bounds in the scene. */
    private List<Bounds> cards(FxRobot robot) {
        List<Bounds> out = new ArrayList<>();
        robot.interact(() -> {
            view.root().applyCss();
            view.root().getParent().layout();
            for (Node card : view.root().lookupAll(".figure-card")) {
                out.add(card.localToScene(card.getLayoutBounds()));
            }
            Node table = view.root().lookup("#overview-locations");
            out.add(table.localToScene(table.getLayoutBounds()));
        });
        return out;
    }

    private static SyncSources.Sources sources(boolean synced, int notIndexed) {
        List<FileIssue> issues = new ArrayList<>();
        for (int i = 0; i < notIndexed; i++) {
            issues.add(new FileIssue("docs/decisions/00" + i + "-broken.md", "broken YAML frontmatter"));
        }
        return new SyncSources.Sources(new SyncSources.Count(45, issues), new SyncSources.Count(14, List.of()),
                new SyncSources.Count(11, issues.isEmpty() ? List.of() : issues.subList(0, 1)),
                new SyncSources.Count(10, List.of()), synced);
    }
}
