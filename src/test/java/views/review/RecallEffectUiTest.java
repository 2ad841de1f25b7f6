package views.review;

import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import viewmodels.review.QueueRow;

/** Selecting a skill change in Review shows its effect on recall, computed in the background; a rule shows none. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class RecallEffectUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        ui = new UiHarness(stage, tmp.resolve("recall-effect-" + System.nanoTime()));
    }

    @SuppressWarnings("unchecked")
    private static ListView<QueueRow> queue(FxRobot robot) {
        return robot.lookup("#review-queue").queryAs(ListView.class);
    }

    private static void select(FxRobot robot, String id) {
        robot.interact(() -> queue(robot).getItems().stream().filter(r -> r.id().equals(id)).findFirst()
                .ifPresent(r -> queue(robot).getSelectionModel().select(r)));
    }

    private static String recall(FxRobot robot) {
        return robot.lookup("#review-recall").queryAs(Label.class).getText();
    }

    @Test
    void theDetailPaneShowsTheEffectOnRecallOfTheSelectedSkillChange(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent() && !queue(robot).getItems().isEmpty());
        select(robot, "sp-2026-11-15-typesense-recall-03");
        UiHarness.waitUntil(30, () -> recall(robot).startsWith("Effect on recall: skill:typesense-recall: "));
        assertThat(robot.lookup("#review-recall").queryAs(Label.class).isVisible()).isTrue();
        select(robot, "dream-2026-11-20-03");
        UiHarness.waitUntil(() -> recall(robot).startsWith("Effect on recall: none — a sync does not index rules/"));
        ui.close(robot);
    }
}
