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
        // the verdict as a dashboard: a clear no, the one rule that decides it, the other checks quietly after it
        UiHarness.waitUntil(() -> robot.lookup("#brief-verdict").tryQuery().isPresent()
                && robot.lookup("#brief-verdict").queryAs(Label.class).getText().startsWith("No"));
        assertThat(robot.lookup("#brief-verdict").queryAs(Label.class).getText()).isEqualTo("No — pitch not allowed");
        assertThat(robot.lookup("#brief-deciding").queryAs(Label.class).getText()).startsWith("pending pitch: ADR-0205");
        assertThat(robot.lookup("#brief-verdict-card").query().getStyleClass()).contains("tone-danger");
        String passed = robot.lookup("#brief-passed").queryAs(Label.class).getText();
        assertThat(passed).startsWith("Also checked: ").contains("capacity: 2 of 3 loops running (loop-")
                .containsPattern("\\d+ ended loops? still ha(s a PRD key|ve PRD keys)[^·]* — not running, not counted")
                .doesNotContain("kept 7 days")
                .doesNotContain("(s)", "\n");
        assertThat(robot.lookup("#brief-passed").query().getStyleClass()).contains("text-muted");
        UiHarness.waitUntil(() -> robot.lookup("Active loops").tryQuery().isPresent());
        assertThat(robot.lookup(n -> n instanceof Text t && t.getText() != null
                && t.getText().contains("Recall preview in the brief")).tryQuery()).isPresent();
    }
}
