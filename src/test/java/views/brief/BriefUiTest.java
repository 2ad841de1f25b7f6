package views.brief;

import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The mise brief screen on the demo workspace (no Redis). */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class BriefUiTest {

    @TempDir
    static Path tmp;

    @Start
    void start(Stage stage) {
        new UiHarness(stage, tmp.resolve("brief-" + System.nanoTime()));
    }

    @Test
    void showsTheVerdictAndTheBrief(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT0).release(KeyCode.DIGIT0, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#brief-verdict").tryQuery().isPresent()
                && robot.lookup("#brief-verdict").queryAs(Label.class).getText().startsWith("Pitch"));
        assertThat(robot.lookup("#brief-verdict").queryAs(Label.class).getText())
                .startsWith("Pitch rules not checked (no Redis configured)\n· active loops and pitch history unknown (Redis not configured)");
        assertThat(robot.lookup("#brief-verdict").queryAs(Label.class).getStyleClass()).contains("verdict-unchecked")
                .doesNotContain("verdict-allowed", "review-problem");
        UiHarness.waitUntil(() -> robot.lookup("Recent retros").tryQuery().isPresent());
        assertThat(robot.lookup("Redis not configured").tryQuery()).isPresent();
    }
}
