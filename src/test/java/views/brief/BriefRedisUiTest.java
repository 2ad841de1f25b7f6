package views.brief;

import javafx.scene.text.Text;
import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import testsupport.RedisServer;

/**
 * The mise brief screen on the demo with a real Redis holding the demo's loop state: each refusing rule on its own
 * line, the running loops listed, the ended loops not counted.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
@Tag("server")
class BriefRedisUiTest {

    @TempDir
    static Path tmp;

    private static RedisServer redis;

    @BeforeAll
    static void startRedis() throws Exception {
        redis = new RedisServer(tmp.resolve("redis"));
    }

    @AfterAll
    static void stopRedis() {
        redis.close();
    }

    @Start
    void start(Stage stage) {
        new UiHarness(stage, tmp.resolve("brief-" + System.nanoTime()), false, redis.url());
    }

    @Test
    void showsEachRefusalAndTheRunningLoops(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT0).release(KeyCode.DIGIT0, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#brief-verdict").tryQuery().isPresent()
                && robot.lookup("#brief-verdict").queryAs(Label.class).getText().startsWith("Pitch"));
        String verdict = robot.lookup("#brief-verdict").queryAs(Label.class).getText();
        assertThat(verdict).startsWith("Pitch not allowed\n✗ pending pitch: ADR-0205")
                .contains("\n· capacity: 2 of 3 loops running (loop-")
                .containsPattern("\\d+ ended loops? still ha(s|ve) PRD keys \\(kept 7 days after a loop ends\\): not counted")
                .doesNotContain("(s)");
        UiHarness.waitUntil(() -> robot.lookup("Active loops").tryQuery().isPresent());
        assertThat(robot.lookup(n -> n instanceof Text t && t.getText() != null
                && t.getText().contains("Recall preview in the brief")).tryQuery()).isPresent();
    }
}
