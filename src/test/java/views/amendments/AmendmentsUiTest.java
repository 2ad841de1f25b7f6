package views.amendments;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Set;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.Tag;
import org.testfx.util.WaitForAsyncUtils;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
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
import services.amendments.JGitAmendmentHistory;
import services.audit.DecisionLog;
import viewmodels.amendments.AmendmentRow;

/** A reviewer reverts a dream amendment from the screen and sees the log line and the new commit. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class AmendmentsUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        ui = new UiHarness(stage, tmp.resolve("amend-" + System.nanoTime()));
    }

    @SuppressWarnings("unchecked")
    private static ListView<AmendmentRow> list(FxRobot robot) {
        return robot.lookup("#amendments-list").queryAs(ListView.class);
    }

    @Test
    void revertAnAmendmentFromTheScreen(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT5).release(KeyCode.DIGIT5, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#amendments-list").tryQuery().isPresent() && list(robot).getItems().size() == 4);
        assertThat(robot.lookup("#amendments-problems").queryAs(Label.class).getText()).contains("line 6: not valid JSON");
        // the button stays put whatever the heading and details of the amendment shown (it moved by 18 px)
        Set<Double> revertAt = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            int row = i;
            robot.interact(() -> list(robot).getSelectionModel().clearAndSelect(row));
            String id = list(robot).getItems().get(row).id();
            UiHarness.waitUntil(() -> robot.lookup("#amendments-heading").queryAs(Label.class).getText().startsWith(id));
            WaitForAsyncUtils.waitForFxEvents();
            revertAt.add(robot.lookup("#amendments-revert").query().localToScene(0, 0).getY());
        }
        assertThat(revertAt).as("Revert selected… at one height for every amendment").hasSize(1);
        robot.clickOn("#amendments-filter").write("SOUL");
        UiHarness.waitUntil(() -> list(robot).getItems().size() == 2);
        robot.type(KeyCode.TAB);
        robot.clickOn("dream-2026-11-10-01");
        UiHarness.waitUntil(() -> robot.lookup("#amendments-heading").queryAs(Label.class).getText()
                .startsWith("dream-2026-11-10-01"));
        String sha = list(robot).getSelectionModel().getSelectedItem().sha();
        robot.clickOn("#amendments-revert");
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertThat(dialog.getHeaderText()).contains("dream-2026-11-10-01").contains(sha.substring(0, 10)) // what it reverts
                .contains("SOUL amendment on SOUL.md"); // in the list's words, not the log's code
        assertThat(dialog.getHeaderText() + dialog.getContentText()).doesNotContain("AMEND_");
        assertThat(dialog.getContentText()).as("said once, in the heading").doesNotContain("dream-2026-11-10-01");
        assertThat(dialog.getButtonTypes()).extracting(ButtonType::getText)
                .containsExactly("Revert", "Cancel"); // the button says what it does
        robot.clickOn("Revert");
        UiHarness.waitUntil(() -> robot.lookup("#amendments-message").queryAs(Label.class).getText()
                .startsWith("Reverted dream-2026-11-10-01 (" + sha.substring(0, 10)));
        UiHarness.waitUntil(() -> list(robot).getItems().stream().filter(r -> r.sha().equals(sha))
                .anyMatch(r -> r.status().equals("reverted")));
        // the selection stays on the reverted amendment, so the message sits under it and Delete cannot hit another
        UiHarness.waitUntil(() -> list(robot).getSelectionModel().getSelectedItems().size() == 1
                && list(robot).getSelectionModel().getSelectedItem().sha().equals(sha));
        assertThat(robot.lookup("#amendments-heading").queryAs(Label.class).getText()).startsWith("dream-2026-11-10-01");
        UiHarness.waitUntil(() -> robot.lookup("#amendments-revert").queryAs(Button.class)
                .isDisabled()); // a reverted amendment cannot be reverted again: the button says so before a dialog
        assertThat(robot.lookup("#amendments-details").queryAs(Label.class).getText()).contains("in commit ");
        robot.clickOn(list(robot).getItems().stream().filter(r -> !r.sha().equals(sha)).findFirst().orElseThrow().id());
        UiHarness.waitUntil(() -> robot.lookup("#amendments-message").queryAs(Label.class).getText().isEmpty());

        List<JsonNode> log = new DecisionLog(ui.workspace.resolve("dream/log.jsonl")).read().entries();
        var last = log.get(log.size() - 1).get("outputs").get(0);
        assertEquals("reverted", last.get("action").asText());
        assertEquals(sha, last.get("reverts").asText());
        try (JGitAmendmentHistory history = new JGitAmendmentHistory(ui.workspace.resolve("repos/behaviour"))) {
            assertThat(history.commit(last.get("sha").asText()).orElseThrow().message()).contains("Reverts: " + sha);
        }
    }

    /**
     * A reverted and an applied amendment selected, Delete: the dialog offers "Revert 1" and names the one left out;
     * Enter cancels (nothing typed makes a revert deliberate); Revert 1 reverts the applied one and the message names
     * each amendment and what happened to it.
     */
    @Test
    void aMixedSelectionRevertsWhatItCanAndSaysWhatHappenedToEach(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT5).release(KeyCode.DIGIT5, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#amendments-list").tryQuery().isPresent() && list(robot).getItems().size() == 4);
        List<String> ids = List.of("dream-2026-11-15-03", "dream-2026-11-10-01"); // reverted, applied
        robot.interact(() -> {
            list(robot).getSelectionModel().clearSelection();
            for (int i = 0; i < list(robot).getItems().size(); i++) {
                if (ids.contains(list(robot).getItems().get(i).id())) {
                    list(robot).getSelectionModel().select(i);
                }
            }
            list(robot).requestFocus();
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.press(KeyCode.DELETE).release(KeyCode.DELETE);
        UiHarness.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertThat(dialog.getButtonTypes()).extracting(ButtonType::getText)
                .containsExactly("Revert 1", "Cancel");
        assertThat(dialog.getHeaderText()).startsWith("Revert dream-2026-11-10-01");
        assertThat(dialog.getContentText()).contains("Left out, cannot be reverted:\ndream-2026-11-15-03 — already reverted");
        robot.press(KeyCode.ENTER).release(KeyCode.ENTER); // the default is Cancel
        UiHarness.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isEmpty());
        assertThat(list(robot).getItems()).filteredOn(r -> r.id().equals("dream-2026-11-10-01"))
                .extracting(AmendmentRow::status).containsExactly("applied");

        robot.press(KeyCode.DELETE).release(KeyCode.DELETE);
        UiHarness.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        robot.clickOn("Revert 1");
        UiHarness.waitUntil(() -> robot.lookup("#amendments-message").queryAs(Label.class).getText()
                .contains("Not reverted: dream-2026-11-15-03"));
        String message = robot.lookup("#amendments-message").queryAs(Label.class).getText();
        assertThat(message.lines().toList()).satisfiesExactly(
                l -> assertThat(l).startsWith("Reverted dream-2026-11-10-01 ("),
                l -> assertThat(l).startsWith("Not reverted: dream-2026-11-15-03 (").contains("already reverted by"));
        UiHarness.waitUntil(() -> list(robot).getItems().stream().filter(r -> r.id().equals("dream-2026-11-10-01"))
                .allMatch(r -> r.status().equals("reverted")));
    }

    /**
     * "abc" then Tab in the impact's days field put a red "Unexpected error (NumberFormatException …)" banner over
     * the window; now the line under the field says what it takes, the field shows the days the table is for, and
     * no banner comes.
     */
    @Test
    void lettersInTheDaysFieldAreRefusedOnTheFieldNotByABanner(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT5).release(KeyCode.DIGIT5, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#amendments-list").tryQuery().isPresent() && list(robot).getItems().size() == 4);
        TextField days = robot.lookup("#amendments-days").queryAs(TextField.class);
        Label error = robot.lookup("#amendments-days-error").queryAs(Label.class);
        for (String typed : List.of("abc", "999999999999", "999")) {
            robot.doubleClickOn(days);
            robot.interact(days::selectAll);
            robot.write(typed);
            UiHarness.waitUntil(() -> error.isVisible() && error.getText().contains("from 1 to 90"));
            robot.type(KeyCode.TAB);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(days.getText()).as("the field shows the days the table is for").isEqualTo("14");
            assertThat(error.getText()).isEqualTo("Impact window: \"" + typed + "\" refused — a whole number of days "
                    + "from 1 to 90; the table shows 14 days.");
            assertThat(robot.lookup("#error-banner").queryAs(Label.class).getText()).as("no banner").isEmpty();
        }
        robot.doubleClickOn(days);
        robot.interact(days::selectAll);
        robot.write("30");
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(error.isVisible()).isFalse();
        assertThat(days.getText()).isEqualTo("30");
        robot.type(KeyCode.UP);
        assertThat(days.getText()).as("Up steps a day, as the spinner did").isEqualTo("31");
    }
}
