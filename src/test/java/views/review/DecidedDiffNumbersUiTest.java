package views.review;

import java.util.Comparator;
import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import viewmodels.review.DiffLine;

/**
 * Joel rejects the demo's SOUL amendment with r: its diff, now rebuilt from the patch, shows the same line numbers
 * on screen as while it was open — its hunk starts at line 3 of SOUL.md, not at 1.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class DecidedDiffNumbersUiTest {

    private static final String SOUL = "dream-2026-11-20-02";

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        ui = new UiHarness(stage, tmp.resolve("decided-numbers-" + System.nanoTime()));
    }

    /** The numbers and text of the diff's rows on screen, as the cells show them: "old new text". */
    private static List<String> shownRows(FxRobot robot) {
        return robot.lookup("#review-diff .list-cell").queryAllAs(ListCell.class).stream()
                .filter(c -> c.getItem() != null && c.isVisible()).sorted(Comparator.comparingInt(
                        ListCell::getIndex)).map(c -> {
                    List<String> numbers = c.getGraphic().lookupAll(".diff-number").stream()
                            .map(n -> ((Label) n).getText()).toList();
                    DiffLine line = (DiffLine) c.getItem();
                    String text = (line.oldText().isEmpty() ? line.newText() : line.oldText()).stream()
                            .map(DiffLine.Segment::text).reduce("", String::concat);
                    return numbers.get(0) + " " + numbers.get(1) + " " + text;
                }).toList();
    }

    /** Every line of the diff (shown or scrolled away) as "kind old new". */
    private static List<String> numbers(List<DiffLine> lines) {
        return lines.stream().map(l -> l.kind() + " " + l.oldNo() + " " + l.newNo()).toList();
    }

    @Test
    void aRejectedProposalShowsItsLinesWithTheNumbersTheyHadWhileOpen(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        ui.reviewAt(robot, 1280, 800);
        UiHarness.waitUntil(() -> UiHarness.reviewQueue(robot).getSelectionModel().getSelectedItem() != null
                && UiHarness.reviewQueue(robot).getSelectionModel().getSelectedItem().id().equals(SOUL)
                && !UiHarness.reviewDiff(robot).getItems().isEmpty());
        UiHarness.settle();
        List<String> open = shownRows(robot);
        List<String> openItems = numbers(UiHarness.reviewDiff(robot).getItems());
        assertThat(open).startsWith("  ⋯ 2 unchanged lines", "3 3 ## How I work", "4 4 ", "5 5 - Be direct.",
                " 6 - Push back when a plan has a risk nobody named, and name it.", "6 7 - Prefer small, reversible changes.");

        robot.press(KeyCode.R).release(KeyCode.R);
        UiHarness.waitUntil(() -> robot.lookup("#review-reason").tryQuery().isPresent());
        robot.clickOn("#review-reason").write("Not this week.");
        robot.press(KeyCode.ENTER).release(KeyCode.ENTER);
        UiHarness.waitUntil(() -> robot.lookup("#review-decision").queryAs(Label.class).getText()
                .endsWith(" — reason: Not this week."));
        UiHarness.waitUntil(() -> robot.lookup("#review-diff-caption").queryAs(Label.class).getText()
                .startsWith("The diff shows the change as proposed") && !UiHarness.reviewDiff(robot).getItems().isEmpty());
        UiHarness.settle();
        // the same rows and numbers; only the fold after the hunk is gone (a patch does not know the file's length)
        List<String> decided = shownRows(robot);
        assertThat(decided).hasSizeGreaterThanOrEqualTo(6).isEqualTo(open.subList(0, decided.size()));
        assertThat(numbers(UiHarness.reviewDiff(robot).getItems())).isEqualTo(openItems.subList(0, openItems.size() - 1));
        assertThat(openItems.get(openItems.size() - 1)).isEqualTo("skip  ");
    }
}
