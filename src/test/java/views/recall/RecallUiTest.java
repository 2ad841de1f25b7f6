package views.recall;

import java.util.stream.Stream;
import javafx.scene.layout.GridPane;
import org.junit.jupiter.api.Tag;
import org.testfx.util.WaitForAsyncUtils;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * An operator asks what the implementor would inject for a story of one project: the first column is the
 * implementor's own System Context, before the three budgets.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class RecallUiTest {

    @TempDir
    static Path tmp;

    @Start
    void start(Stage stage) {
        new UiHarness(stage, tmp.resolve("recall-" + System.nanoTime()));
    }

    @Test
    void theImplementorsInjectionIsTheFirstColumnAndFollowsTheProject(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT3).release(KeyCode.DIGIT3, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#recall-question").tryQuery().isPresent());
        @SuppressWarnings("unchecked")
        ComboBox<String> project = robot.lookup("#recall-project").queryAs(ComboBox.class);
        UiHarness.waitUntil(() -> project.getItems().contains("joelclaw")); // the index's projects are offered

        robot.clickOn("#recall-question").write("Add idempotency keys to email steps");
        robot.clickOn("#recall-description").write("Retried steps send the email twice");
        robot.clickOn(project.getEditor()).write("joelclaw");
        robot.clickOn("#recall-preview");
        UiHarness.waitUntil(() -> robot.lookup("#recall-implementor").tryQuery().isPresent()
                && robot.lookup("#recall-deep").tryQuery().isPresent());

        GridPane columns = robot.lookup("#recall-columns").queryAs(GridPane.class);
        assertThat(columns.getChildren()).filteredOn(n -> GridPane.getColumnIndex(n) == 0)
                .anyMatch(n -> "recall-implementor".equals(n.getId()));
        // headings of two to five lines: every text box starts at the same height all the same
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(Stream.of("implementor", "lean", "balanced", "deep")
                .map(b -> robot.lookup("#recall-" + b).query().localToScene(0, 0).getY()).distinct())
                .as("the four boxes start at one height").hasSize(1);
        // every number of a budget's heading says what it counts, and why so many matched, in words (issue 37);
        // the budget's codes are in its tooltip
        Label lean = robot.lookup("#recall-heading-lean").queryAs(Label.class);
        assertThat(lean.getText()).matches("lean — \\d+ of \\d+ found").doesNotContain("×");
        assertThat(robot.lookup("#recall-why-lean").queryAs(Label.class).getText()).isEqualTo("every word as asked");
        // each heading two lines of one line each, whatever the width (it wrapped to three lines at 1100 px)
        for (String b : List.of("implementor", "lean", "balanced", "deep")) {
            for (String line : List.of("#recall-heading-", "#recall-why-")) {
                Label l = robot.lookup(line + b).queryAs(Label.class);
                assertThat(l.isWrapText()).isFalse();
                assertThat(l.getHeight()).as(line + b).isLessThan(l.getFont().getSize() * 1.6);
            }
        }
        assertThat(lean.getTooltip().getText()).contains("lean: fetch ×1.8 of limit 5 → the best 9 ranked · at most 5 "
                + "injected · keyword · no rewrite");
        String implementor = robot.lookup("#recall-implementor").queryAs(TextArea.class).getText();
        assertThat(implementor).startsWith("## System Context (from prior loops)\n\n### [");
        assertThat(implementor.split("\n\n### \\[").length).isBetween(1, 2); // at most two documents
        assertThat(implementor.lines().filter(l -> l.startsWith("### ["))).allMatch(l -> l.matches(
                "### \\[(lesson|pattern|failed_target|retro)] .*"));
        assertThat(robot.lookup("#recall-heading-implementor").queryAs(Label.class).getText()).startsWith("implementor — ");
        assertThat(robot.lookup("#recall-why-implementor").queryAs(Label.class).getText()).contains("project joelclaw");
        assertThat(robot.lookup("#recall-lean").queryAs(TextArea.class).getText()).startsWith("## System Context\n");

        // another project that holds nothing: the implementor would inject nothing at all
        robot.doubleClickOn(project.getEditor()).eraseText(20).write("no-such-project").type(KeyCode.ENTER);
        UiHarness.waitUntil(() -> robot.lookup("#recall-implementor").queryAs(TextArea.class).getText()
                .startsWith("(nothing: the implementor leaves the section out)"));
    }
}
