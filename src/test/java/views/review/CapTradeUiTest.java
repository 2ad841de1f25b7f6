package views.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import services.review.caps.CapFixture;
import views.UiHarness;

/** Review shows a capped file's trade side by side (item out | item in) and refuses an addition at the cap in words. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class CapTradeUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        Path dir = tmp.resolve("cap-" + System.nanoTime());
        ui = new UiHarness(stage, dir, false, null, window -> CapFixture.seed(dir.resolve("demo")));
    }

    private static void select(FxRobot robot, String id) {
        robot.interact(() -> UiHarness.reviewQueue(robot).getItems().stream().filter(r -> r.id().equals(id))
                .findFirst().ifPresent(r -> UiHarness.reviewQueue(robot).getSelectionModel().select(r)));
    }

    private static Label label(FxRobot robot, String id) {
        return robot.lookup("#" + id).queryAs(Label.class);
    }

    @Test
    void theTradeIsShownSideBySideAndAnAdditionAtTheCapIsRefused(FxRobot robot) {
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent()
                && UiHarness.reviewQueue(robot).getItems().stream().anyMatch(r -> r.id().equals("cap-trade")));
        select(robot, "cap-trade");
        UiHarness.waitUntil(() -> robot.lookup("#review-cap").query().isVisible()
                && "New".equals(label(robot, "review-cap-in").getText()));
        assertThat(label(robot, "review-cap-out").getText()).isEqualTo(CapFixture.OLD);
        assertThat(robot.lookup("#review-cap-trade").query().isVisible()).isTrue();
        assertThat(label(robot, "review-cap-out").localToScene(0, 0).getX())
                .isLessThan(label(robot, "review-cap-in").localToScene(0, 0).getX()); // out on the left, in on the right
        assertThat(label(robot, "review-cap-stale").getText()).contains("Stale: " + CapFixture.OLD);

        select(robot, "cap-add");
        UiHarness.waitUntil(() -> label(robot, "review-cap-refusal").isVisible());
        assertThat(label(robot, "review-cap-refusal").getText()).contains("at its cap of 2");
        assertThat(robot.lookup("#review-cap-trade").query().isVisible()).isFalse();
        ui.close(robot);
    }
}
