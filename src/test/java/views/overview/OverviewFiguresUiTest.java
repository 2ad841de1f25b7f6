package views.overview;

import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * An operator opens the demo: the Overview is on screen while the first sync runs, and once it has finished the
 * figures say how many files it could not index (the Overview is built before that sync ends).
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class OverviewFiguresUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        ui = new UiHarness(stage, tmp.resolve("overview-figures-" + System.nanoTime()));
    }

    @Test
    void theFiguresFollowTheFirstSync(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.interact(() -> ui.window.shell().select("overview")); // after the Mise brief: no number key
        UiHarness.waitUntil(() -> texts(robot).contains("3 not indexed"));
        List<String> texts = texts(robot);
        assertThat(texts).contains("ADR files", "Skills", "Retros", "1 not indexed").doesNotContain("not synced yet");
        ui.close(robot);
    }

    private static List<String> texts(FxRobot robot) {
        return robot.lookup("#overview-figures").queryAll().stream().findFirst()
                .map(figures -> figures.lookupAll(".label").stream().map(n -> ((Label) n).getText()).toList())
                .orElse(List.of());
    }
}
