package views.shell;

import java.util.ArrayList;
import java.util.Collections;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.stage.Window;
import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Drives the shell like a user: sections and theme by keyboard, and a broken workspace that leaves the app up. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class ShellUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        ui = new UiHarness(stage, tmp.resolve("shell-" + System.nanoTime()));
    }

    @Test
    void switchesSectionsAndThemesByKeyboard(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        assertEquals("Brain Console — demo", stage.getTitle());
        assertThat(robot.lookup(".nav-button").queryAllAs(ToggleButton.class)).extracting(ToggleButton::getText)
                .containsExactly("Inbox", "Knowledge", "Recall preview", "Review", "Amendments", "Failed targets", "Health",
                        "Knowledge note", "Agent lessons", "Mise brief", "Overview", "Telemetry", "Settings", "Knowledge reach");
        assertThat(robot.lookup("#inbox-list").tryQuery()).isPresent();

        robot.press(KeyCode.CONTROL, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-search").tryQuery().map(n -> n.getScene() != null).orElse(false));
        assertThat(robot.lookup("#nav-knowledge").queryAs(ToggleButton.class).isSelected()).isTrue();

        // Ctrl+PgDn walks every section in order, from any control that has the focus, and wraps around.
        for (String next : List.of("recall", "review", "amendments", "failed", "health", "note", "lessons", "brief", "overview", "telemetry", "settings", "reach", "inbox")) {
            robot.press(KeyCode.CONTROL, KeyCode.PAGE_DOWN).release(KeyCode.PAGE_DOWN, KeyCode.CONTROL);
            UiHarness.waitUntil(() -> robot.lookup("#nav-" + next).queryAs(ToggleButton.class).isSelected());
        }
        robot.press(KeyCode.CONTROL, KeyCode.PAGE_UP).release(KeyCode.PAGE_UP, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#nav-reach").queryAs(ToggleButton.class).isSelected());
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#nav-inbox").queryAs(ToggleButton.class).isSelected());

        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.T).release(KeyCode.T, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(Application.getUserAgentStylesheet()).containsIgnoringCase("primer-dark");
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.T).release(KeyCode.T, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(Application.getUserAgentStylesheet()).containsIgnoringCase("primer-light");
    }

    @Test
    void theRailsArrowKeysShowTheSectionTheySelect(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.interact(() -> robot.lookup("#nav-inbox").queryAs(ToggleButton.class).requestFocus());
        robot.type(KeyCode.DOWN);
        // the selected (filled) button is the section shown: never one selected while another is shown
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-search").tryQuery().map(n -> n.getScene() != null).orElse(false));
        assertThat(robot.lookup("#nav-knowledge").queryAs(ToggleButton.class).isSelected()).isTrue();
        assertThat(robot.lookup("#nav-inbox").queryAs(ToggleButton.class).isSelected()).isFalse();
        robot.type(KeyCode.UP);
        UiHarness.waitUntil(() -> robot.lookup("#inbox-list").tryQuery().map(n -> n.getScene() != null).orElse(false));
        // a click on the section already shown leaves it selected
        robot.clickOn("#nav-inbox");
        assertThat(robot.lookup("#nav-inbox").queryAs(ToggleButton.class).isSelected()).isTrue();
        ui.close(robot);
    }

    @Test
    void aBrokenWorkspaceShowsOneClearMessageAndTheCurrentOneStaysOpen(FxRobot robot) throws Exception {
        UiHarness.waitForIndex(robot);
        Path broken = Files.createDirectories(tmp.resolve("broken-" + System.nanoTime()));
        Files.writeString(broken.resolve("workspace.json"), "{\"failedTargetTtlDays\": \"seven\"}");
        robot.interact(() -> ui.window.shell().openWorkspace(broken));
        UiHarness.waitUntil(() -> !robot.lookup("#error-banner").queryAs(Label.class).getText().isEmpty());
        assertThat(robot.lookup("#error-banner").queryAs(Label.class).getText())
                .contains("key 'failedTargetTtlDays': expected a whole number, found text \"seven\"")
                .contains(broken.resolve("workspace.json").toString());
        assertEquals("Brain Console — demo", stage.getTitle());
        robot.clickOn("Dismiss");
        UiHarness.waitUntil(() -> robot.lookup("#error-banner").queryAs(Label.class).getText().isEmpty());
    }

    /** Walk: a long error was cut off and its Dismiss button squeezed to "...", which took two clicks to hit. */
    @Test
    void aLongErrorShowsWholeWithItsDismissButtonWhole(FxRobot robot) throws Exception {
        UiHarness.waitForIndex(robot);
        Path broken = tmp.resolve("broken-" + System.nanoTime());
        for (int i = 0; i < 6; i++) {
            broken = broken.resolve("a-folder-with-a-long-name-that-makes-the-message-wrap-" + i);
        }
        Files.createDirectories(broken);
        Files.writeString(broken.resolve("workspace.json"), "{\"failedTargetTtlDays\": \"seven\"}");
        Path opened = broken;
        robot.interact(() -> stage.setWidth(1100));
        robot.interact(() -> ui.window.shell().openWorkspace(opened));
        UiHarness.waitUntil(() -> !robot.lookup("#error-banner").queryAs(Label.class).getText().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        Label error = robot.lookup("#error-banner").queryAs(Label.class);
        Button dismiss = robot.lookup("#error-dismiss").queryAs(Button.class);
        UiHarness.waitUntil(() -> error.getHeight() >= error.prefHeight(error.getWidth()) - 0.5
                && dismiss.getWidth() >= dismiss.prefWidth(-1) - 0.5);
        assertThat(error.prefHeight(error.getWidth())).as("the message wraps onto lines of its own").isGreaterThan(40);
        robot.clickOn(dismiss);
        UiHarness.waitUntil(() -> robot.lookup("#error-banner").queryAs(Label.class).getText().isEmpty());
    }

    /** An entry without a key shows no key box; "Sync now" from the palette shows Knowledge and syncs. */
    @Test
    void thePaletteShowsNoEmptyKeyBoxAndSyncNowSyncs(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-sync-result").tryQuery().isPresent());
        List<String> said = Collections.synchronizedList(new ArrayList<>());
        robot.interact(() -> robot.lookup("#knowledge-sync-result").queryAs(Label.class).textProperty()
                .addListener((o, was, now) -> said.add(now)));
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.K).release(KeyCode.K, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#palette-query").tryQuery().isPresent());
        robot.clickOn("#palette-query").write("sync");
        UiHarness.waitUntil(() -> robot.lookup("#palette-query").queryAs(TextField.class)
                .getText().equals("sync"));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> boxes = new ArrayList<>();
        robot.interact(() -> robot.lookup("#palette-list").queryAs(Node.class).lookupAll(".palette-keys")
                .stream().filter(n -> n.isVisible() && n.isManaged() && n.getParent() != null
                        && n.getParent().isVisible())
                .forEach(n -> boxes.add(((Label) n).getText())));
        assertThat(boxes).as("the key boxes shown").isNotEmpty().allMatch(k -> !k.isBlank()); // "Go to Health": Ctrl+7
        assertThat(robot.lookup(".palette-name").queryAllAs(Label.class)).extracting(Label::getText)
                .anyMatch(n -> n.startsWith("Sync now"));
        robot.type(KeyCode.ENTER); // the first: Sync now
        UiHarness.waitUntil(() -> robot.lookup("#nav-knowledge").queryAs(ToggleButton.class).isSelected());
        UiHarness.waitUntil(() -> said.contains("Syncing…") && said.get(said.size() - 1).startsWith("Last sync: "));
    }

    /** A long palette entry wraps by words: "(select them, then Revert selected…)" is shown whole, never cut. */
    @Test
    void aLongPaletteEntryIsShownWhole(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.K).release(KeyCode.K, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#palette-query").tryQuery().isPresent());
        for (String query : List.of("revert", "trust dial")) {
            robot.interact(() -> robot.lookup("#palette-query").queryAs(TextField.class).setText(query));
            WaitForAsyncUtils.waitForFxEvents();
            List<String> cut = new ArrayList<>();
            List<String> shown = new ArrayList<>();
            robot.interact(() -> robot.lookup(".palette-name").queryAllAs(Label.class).stream()
                    .filter(l -> l.isVisible() && l.getScene() != null && !l.getText().isEmpty())
                    .forEach(l -> {
                        shown.add(l.getText());
                        Text drawn = (Text) l.lookup(".text");
                        if (drawn == null || !drawn.getText().equals(l.getText())) {
                            cut.add(l.getText() + " drawn as " + (drawn == null ? null : drawn.getText()));
                        }
                    }));
            assertThat(shown).as(query).anyMatch(n -> n.length() > 70);
            assertThat(cut).as("entries cut for " + query).isEmpty();
        }
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void ctrlKFindsASectionByNameAndF1ListsEveryShortcut(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.K).release(KeyCode.K, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#palette-query").tryQuery().isPresent());
        robot.clickOn("#palette-query").write("failed");
        UiHarness.waitUntil(() -> robot.lookup("#palette-query").queryAs(TextField.class)
                .getText().equals("failed"));
        robot.type(KeyCode.ENTER);
        UiHarness.waitUntil(() -> robot.lookup("#nav-failed").queryAs(ToggleButton.class).isSelected());

        robot.press(KeyCode.F1).release(KeyCode.F1);
        UiHarness.waitUntil(() -> robot.lookup("#shortcuts-sheet").tryQuery().isPresent());
        String sheet = robot.lookup("#shortcuts-sheet").queryAs(Label.class).getText();
        assertThat(sheet).contains("Ctrl+K", "Ctrl+M", "F5", "Ctrl+Enter", "Alt+Left / Alt+Right");
        Window dialog = robot.lookup("#shortcuts-sheet").queryAs(Label.class).getScene().getWindow();
        Window main = robot.lookup("#nav-failed").queryAs(ToggleButton.class).getScene().getWindow();
        assertThat(dialog.getHeight()).as("the sheet's dialog fits the window; the sheet scrolls")
                .isLessThanOrEqualTo(main.getHeight());
        robot.type(KeyCode.ESCAPE);
    }
}
