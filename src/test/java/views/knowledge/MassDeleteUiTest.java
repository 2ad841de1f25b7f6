package views.knowledge;

import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The window asks before a sync deletes the documents of many files, and deletes them only on OK. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class MassDeleteUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        ui = new UiHarness(stage, tmp.resolve("mass-" + System.nanoTime()));
    }

    @Test
    void aSyncThatWouldDeleteManyFilesAsksFirst(FxRobot robot) throws Exception {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-sync").tryQuery().map(n -> n.getScene() != null).orElse(false));
        try (Stream<Path> adrs = Files.list(ui.workspace.resolve("vault/docs/decisions"))) {
            adrs.sorted().limit(20).forEach(p -> p.toFile().delete());
        }
        robot.clickOn("#knowledge-sync");
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-mass-delete").tryQuery().isPresent());
        assertThat(robot.lookup("#knowledge-mass-delete").queryAs(DialogPane.class).getContentText())
                .contains("ADRs: ").contains("Delete their documents from the index?");
        robot.clickOn("Cancel");
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-sync-result").queryAs(Label.class).getText()
                .contains("waiting for confirmation"));

        robot.clickOn("#knowledge-sync");
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-mass-delete").tryQuery().isPresent());
        robot.clickOn("OK");
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-sync-result").queryAs(Label.class).getText()
                .matches("Last sync: .*deleted [1-9]\\d*.*"));
    }
}
