package views.review;

import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.Tag;
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
import services.audit.DecisionLog;
import services.review.JGitReviewBranch;
import services.review.ReviewBranch;
import viewmodels.review.QueueRow;

/** Joel triages three proposals by keyboard: approve, reject with a reason, request changes. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class ReviewUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        ui = new UiHarness(stage, tmp.resolve("review-" + System.nanoTime()));
    }

    @SuppressWarnings("unchecked")
    private static ListView<QueueRow> queue(FxRobot robot) {
        return robot.lookup("#review-queue").queryAs(ListView.class);
    }

    private static String selected(FxRobot robot) {
        QueueRow row = queue(robot).getSelectionModel().getSelectedItem();
        return row == null ? "" : row.id();
    }

    private static void key(FxRobot robot, KeyCode code) {
        robot.press(code).release(code);
    }

    @Test
    void triageThreeProposalsByKeyboard(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent() && !queue(robot).getItems().isEmpty()
                && !selected(robot).isEmpty());
        assertEquals("dream-2026-11-20-02", selected(robot));
        assertThat(robot.lookup("#review-counts").queryAs(Label.class).getText()).startsWith("8 open");

        key(robot, KeyCode.A); // approve the SOUL amendment: it stays selected, with its new badge and its record
        UiHarness.waitUntil(() -> robot.lookup("#review-decision").queryAs(Label.class).getText()
                .startsWith("Approved by joel at "));
        assertEquals("dream-2026-11-20-02", selected(robot));
        assertEquals("approved", queue(robot).getSelectionModel().getSelectedItem().state());
        // said once: the record names the decision and the commit; no message repeats it, the caption only says what
        // the diff is
        assertThat(robot.lookup("#review-message").queryAs(Label.class).isVisible()).isFalse();
        UiHarness.waitUntil(() -> robot.lookup("#review-diff-caption").queryAs(Label.class).getText()
                .equals("The change as committed (SOUL.md):"));
        assertThat(robot.lookup("#review-approve").queryAs(Button.class).isDisabled()).isTrue();

        key(robot, KeyCode.J);
        UiHarness.waitUntil(() -> selected(robot).equals("dream-2026-11-20-03"));
        assertThat(robot.lookup("#review-message").queryAs(Label.class).isVisible()).isFalse(); // not this one's
        key(robot, KeyCode.R); // reject the rule, with a reason; the dialog names it
        UiHarness.waitUntil(() -> robot.lookup("#review-reason").tryQuery().isPresent());
        assertThat(robot.lookup(".dialog-pane").queryAs(DialogPane.class).getHeaderText())
                .contains("dream-2026-11-20-03");
        robot.clickOn("#review-reason").write("Too broad for a rule.");
        key(robot, KeyCode.ENTER);
        UiHarness.waitUntil(() -> robot.lookup("#review-decision").queryAs(Label.class).getText()
                .endsWith(" — reason: Too broad for a rule."));
        assertEquals("dream-2026-11-20-03", selected(robot));
        assertThat(robot.lookup("#review-message").queryAs(Label.class).isVisible()).isFalse(); // the record says it

        key(robot, KeyCode.J); // the next one is the one that followed the rule
        UiHarness.waitUntil(() -> selected(robot).equals("dream-2026-11-20-01"));
        key(robot, KeyCode.J);
        UiHarness.waitUntil(() -> selected(robot).equals("sp-2026-11-15-typesense-recall-03"));
        key(robot, KeyCode.K);
        UiHarness.waitUntil(() -> selected(robot).equals("dream-2026-11-20-01"));
        key(robot, KeyCode.D); // side by side
        key(robot, KeyCode.C); // request changes on the new skill
        UiHarness.waitUntil(() -> robot.lookup("#review-reason").tryQuery().isPresent());
        robot.clickOn("#review-reason").write("Name the CLI flags it uses.");
        key(robot, KeyCode.ENTER);
        UiHarness.waitUntil(() -> robot.lookup("#review-decision").queryAs(Label.class).getText()
                .startsWith("Changes requested by joel") && robot.lookup("#review-decision").queryAs(Label.class)
                .getText().endsWith("feedback: Name the CLI flags it uses."));
        assertEquals("changes requested", queue(robot).getSelectionModel().getSelectedItem().state());
        assertThat(robot.lookup("#review-request").queryAs(Button.class).isDisabled()).isTrue();
        assertThat(robot.lookup("#review-counts").queryAs(Label.class).getText()).startsWith("5 open")
                .contains("1 changes requested");

        try (JGitReviewBranch branch = new JGitReviewBranch(ui.workspace.resolve("repos/behaviour"), "brain/review")) {
            List<ReviewBranch.LogEntry> log = branch.log(10);
            assertThat(log.get(0).message()).contains("Proposal-Id: dream-2026-11-20-02", "Approved-By: joel");
            assertThat(log.stream().filter(e -> e.message().contains("Proposal-Id:"))).hasSize(1);
        }
        List<String> actions = new DecisionLog(ui.workspace.resolve("state/decisions.jsonl")).read().entries().stream()
                .map(e -> e.get("action").asText() + ":" + e.get("proposal").asText()).toList();
        assertThat(actions).containsExactly("approve:dream-2026-11-20-02", "reject:dream-2026-11-20-03",
                "request_changes:dream-2026-11-20-01");
    }

    @Test
    void aRuleThatRepeatsALessonShowsTheLessonBesideIt(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#review-queue").tryQuery().isPresent() && !queue(robot).getItems().isEmpty()
                && !selected(robot).isEmpty());
        key(robot, KeyCode.J);
        UiHarness.waitUntil(() -> selected(robot).equals("dream-2026-11-20-03"));
        UiHarness.waitUntil(() -> robot.lookup("#review-similar-status").queryAs(Label.class).getText()
                .matches("\\d+ existing lessons? like this.*"));
        assertThat(robot.lookup(".review-similar-duplicate").queryAllAs(Label.class)).anyMatch(l -> l.getText()
                .contains("near-duplicate") && l.getText().contains("fuzzy search"));
        assertThat(robot.lookup("#review-similar").queryAs(VBox.class).isVisible()).isTrue();
    }
}
