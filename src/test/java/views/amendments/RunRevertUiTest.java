package views.amendments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderStroke;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import services.amendments.RunFixture;
import testsupport.Fixtures;
import viewmodels.amendments.AmendmentRow;
import views.UiHarness;

/** A reviewer reverts a whole dream run from Amendments: the dialog lists its commits and asks why. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class RunRevertUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;
    private final List<String> shas = new ArrayList<>();

    @Start
    void start(Stage stage) {
        Path dir = tmp.resolve("run-" + System.nanoTime());
        ui = new UiHarness(stage, dir, false, null, window -> shas.addAll(RunFixture.apply(
                Fixtures.loader().load(dir.resolve("demo")), "run-ui", "rules/u1.md", "rules/u2.md")));
    }

    @SuppressWarnings("unchecked")
    private static ListView<AmendmentRow> list(FxRobot robot) {
        return robot.lookup("#amendments-list").queryAs(ListView.class);
    }

    @Test
    void revertAWholeRunFromTheScreen(FxRobot robot) {
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT5).release(KeyCode.DIGIT5, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#amendments-list").tryQuery().isPresent()
                && list(robot).getItems().stream().anyMatch(r -> r.sha().equals(shas.get(0))));
        robot.interact(() -> list(robot).getItems().stream().filter(r -> r.sha().equals(shas.get(0))).findFirst()
                .ifPresent(r -> list(robot).getSelectionModel().clearAndSelect(list(robot).getItems().indexOf(r))));
        UiHarness.waitUntil(() -> !robot.lookup("#amendments-revert-run").queryAs(Button.class).isDisabled());

        robot.clickOn("#amendments-revert-run");
        UiHarness.waitUntil(() -> robot.lookup("#amendments-run-reason").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertThat(dialog.getHeaderText()).isEqualTo("Revert all 2 amendments of run run-ui?");
        assertThat(robot.lookup("#amendments-run-commits").queryAs(Label.class).getText())
                .contains(shas.get(0).substring(0, 10)).contains(shas.get(1).substring(0, 10)).contains("All or nothing");
        ButtonType revert = dialog.getButtonTypes().get(0);
        assertThat(revert.getText()).isEqualTo("Revert run (2)");
        assertThat(dialog.lookupButton(revert).isDisabled()).as("no reason yet").isTrue();
        robot.clickOn("#amendments-run-reason").write("the run read a stale retro");
        UiHarness.waitUntil(() -> !dialog.lookupButton(revert).isDisabled());
        robot.clickOn("Revert run (2)");

        UiHarness.waitUntil(() -> robot.lookup("#amendments-message").queryAs(Label.class).getText()
                .startsWith("Reverted run run-ui, newest first, recorded once."));
        UiHarness.waitUntil(() -> list(robot).getItems().stream().filter(r -> shas.contains(r.sha()))
                .allMatch(r -> r.status().equals("reverted")));
        UiHarness.waitUntil(() -> robot.lookup("#amendments-revert-run").queryAs(Button.class).isDisabled());
        ui.close(robot);
    }

    /** In the dark theme the dialog (a window of its own, dark over the dark window) had no visible edge. */
    @Test
    void theRunDialogHasAnEdgeInTheDarkTheme(FxRobot robot) {
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.T).release(KeyCode.T, KeyCode.SHIFT, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT5).release(KeyCode.DIGIT5, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#amendments-list").tryQuery().isPresent()
                && list(robot).getItems().stream().anyMatch(r -> r.sha().equals(shas.get(0))));
        robot.interact(() -> list(robot).getItems().stream().filter(r -> r.sha().equals(shas.get(0))).findFirst()
                .ifPresent(r -> list(robot).getSelectionModel().clearAndSelect(list(robot).getItems().indexOf(r))));
        UiHarness.waitUntil(() -> !robot.lookup("#amendments-revert-run").queryAs(Button.class).isDisabled());
        robot.clickOn("#amendments-revert-run");
        UiHarness.waitUntil(() -> robot.lookup("#amendments-run-reason").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        robot.interact(() -> {
            Color background = (Color) dialog.getBackground().getFills().get(0).getFill();
            assertThat(background.getBrightness()).as("the dark theme").isLessThan(0.3);
            assertThat(dialog.getBorder()).as("an edge").isNotNull();
            BorderStroke edge = dialog.getBorder().getStrokes().get(0);
            assertThat(edge.getWidths().getTop()).isGreaterThanOrEqualTo(1);
            Color line = (Color) edge.getTopStroke();
            assertThat(line.getOpacity()).isPositive();
            assertThat(Math.abs(line.getBrightness() - background.getBrightness())).as("the edge stands out")
                    .isGreaterThan(0.08);
        });
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        ui.close(robot);
    }
}
