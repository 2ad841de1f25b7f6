package views.failed;

import java.util.ArrayList;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;
import javafx.scene.paint.Paint;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Tag;
import org.testfx.util.WaitForAsyncUtils;
import viewmodels.knowledge.ResultRow;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import viewmodels.failed.FailedRow;

/** An operator clears a failed target with a reason and sees it gone and in the history (index-only demo). */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class FailedTargetsUiTest {

    @TempDir
    static Path tmp;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        new UiHarness(stage, tmp.resolve("failed-" + System.nanoTime()));
    }

    /**
     * At 1100×700 every row is one line (docs/design.md, "Rows"): a story's title ends in "…" when it is long, and
     * its tooltip holds every story the row clears, whole (it wrapped to three lines: "+ 1 other story: …").
     */
    @Test
    void aRowIsOneLineAt1100WithTheStoryWholeInItsTooltip(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.interact(() -> {
            stage.setWidth(1100);
            stage.setHeight(700);
        });
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT6).release(KeyCode.DIGIT6, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#failed-table").tryQuery().isPresent() && table(robot).getItems().size() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> stories = table(robot).getItems().stream().map(FailedRow::story).toList();
        assertThat(stories).as("the demo has a row naming two stories").anyMatch(s -> s.contains("\n"));
        robot.interact(() -> {
            List<TableCell<?, ?>> storyCells = new ArrayList<>();
            table(robot).lookupAll(".one-line-cell").forEach(n -> {
                TableCell<?, ?> cell = (TableCell<?, ?>) n;
                if (cell.getItem() != null) {
                    storyCells.add(cell);
                }
            });
            assertThat(storyCells.stream().map(c -> c.getTooltip().getText()).toList())
                    .as("each story whole in its tooltip").containsExactlyInAnyOrderElementsOf(stories);
            double shortest = storyCells.stream().mapToDouble(TableCell::getHeight).min().orElseThrow();
            for (TableCell<?, ?> cell : storyCells) {
                assertThat(cell.getText()).as("one line").doesNotContain("\n");
                assertThat(cell.getHeight()).as("the row of " + cell.getItem() + " is as tall as a one-story row")
                        .isLessThanOrEqualTo(shortest + 0.5);
            }
            // and no other cell is cut ("loop-mwowhuqw-c5im…", "2 d ago · 11-2…")
            List<String> cut = new ArrayList<>();
            table(robot).lookupAll(".table-cell").forEach(n -> {
                TableCell<?, ?> cell = (TableCell<?, ?>) n;
                if (!cell.getStyleClass().contains("one-line-cell") && cell.getText() != null
                        && !cell.getText().isEmpty() && cell.lookup(".text") instanceof Text rendered
                        && !rendered.getText().equals(cell.getText())) {
                    cut.add("\"" + rendered.getText() + "\" of \"" + cell.getText() + "\"");
                }
            });
            assertThat(cut).as("cells cut at 1100").isEmpty();
        });
    }

    @SuppressWarnings("unchecked")
    private static TableView<FailedRow> table(FxRobot robot) {
        return robot.lookup("#failed-table").queryAs(TableView.class);
    }

    @Test
    void clearATargetWithAReason(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT6).release(KeyCode.DIGIT6, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#failed-table").tryQuery().isPresent() && table(robot).getItems().size() == 3);
        assertThat(robot.lookup("#failed-summary").queryAs(Label.class).getText())
                .startsWith("3 failed targets").contains("index only");
        robot.interact(() -> table(robot).getSelectionModel().clearSelection());
        assertThat(robot.lookup("#failed-clear").queryAs(Button.class).isDisabled())
                .as("nothing selected: nothing to clear").isTrue();
        robot.clickOn("gremlin");
        robot.clickOn("#failed-clear");
        UiHarness.waitUntil(() -> robot.lookup("#failed-reason").tryQuery().isPresent());
        robot.clickOn("#failed-reason").write("The JSON migration landed; retry it.");
        double tableAt = table(robot).localToScene(0, 0).getY();
        robot.clickOn("Clear");
        UiHarness.waitUntil(() -> table(robot).getItems().size() == 2);
        assertThat(table(robot).getItems()).noneMatch(r -> r.key().equals("gremlin/S1"));
        @SuppressWarnings("unchecked")
        ListView<String> history = robot.lookup("#failed-history").queryAs(ListView.class);
        UiHarness.waitUntil(() -> !history.getItems().isEmpty());
        assertThat(history.getItems().get(0)).contains("cleared gremlin/S1 — The JSON migration landed; retry it.");
        assertThat(robot.lookup("#failed-message").queryAs(Label.class).getText()).startsWith("Cleared gremlin/S1");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table(robot).localToScene(0, 0).getY()).as("the \"Cleared …\" line pushes nothing down")
                .isEqualTo(tableAt);

        robot.clickOn("course-builder");
        robot.type(KeyCode.ENTER); // the loop's retro, in the Knowledge browser
        UiHarness.waitUntil(() -> robot.lookup("#nav-knowledge").queryAs(ToggleButton.class).isSelected());
        UiHarness.waitUntil(() -> robot.lookup("#detail-title").queryAs(Label.class).getText()
                .startsWith("Retrospective loop-") && robot.lookup("#detail-title").queryAs(Label.class).getText()
                .contains("course-builder"));
    }

    /**
     * Enter on a row opens its loop's retro in Knowledge: the result list no longer highlights the document shown
     * before (the retro is not among the results), and Back returns to it.
     */
    @Test
    void aRetroOpenedFromHereLeavesNoOtherResultSelectedAndBackReturns(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-search").tryQuery().isPresent());
        robot.interact(() -> robot.lookup("#knowledge-search").queryAs(TextField.class).setText("retry"));
        @SuppressWarnings("unchecked")
        ListView<ResultRow> results = robot.lookup("#knowledge-results").queryAs(ListView.class);
        UiHarness.waitUntil(() -> robot.lookup("#facet-type-lesson").tryQuery().isPresent());
        robot.interact(() -> robot.lookup("#facet-type-lesson").queryAs(CheckBox.class).fire());
        UiHarness.waitUntil(() -> results.getItems().size() > 2 && results.getItems().stream()
                .allMatch(r -> r.type().equals("lesson"))); // lessons only: no retro among the results
        robot.interact(() -> results.getSelectionModel().select(1));
        String browsed = results.getItems().get(1).id();
        Label title = robot.lookup("#detail-title").queryAs(Label.class);
        Label meta = robot.lookup("#detail-meta").queryAs(Label.class);
        UiHarness.waitUntil(() -> meta.getText().contains(" · " + browsed + " · "));

        robot.press(KeyCode.CONTROL, KeyCode.DIGIT6).release(KeyCode.DIGIT6, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#failed-table").tryQuery().isPresent() && table(robot).getItems().size() == 3);
        robot.interact(() -> {
            table(robot).requestFocus();
            table(robot).getSelectionModel().clearAndSelect(table(robot).getItems().stream()
                    .map(FailedRow::key).toList().indexOf("joelclaw/S2"));
        });
        robot.type(KeyCode.ENTER);
        UiHarness.waitUntil(() -> title.getText().startsWith("Retrospective loop-") && title.getText().contains("joelclaw"));
        WaitForAsyncUtils.waitForFxEvents();
        ResultRow selected = results.getSelectionModel().getSelectedItem();
        assertThat(selected).as("the retro is not among the results: no other document claims to be selected")
                .isNull();
        Button back = robot.lookup("#detail-back").queryAs(Button.class);
        assertThat(back.isDisabled()).as("Back returns to what was shown before").isFalse();
        robot.interact(back::fire);
        UiHarness.waitUntil(() -> meta.getText().contains(" · " + browsed + " · "));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(results.getSelectionModel().getSelectedItem().id()).isEqualTo(browsed);
    }

    @Test
    void pruneShowsWhatItRemovesFirst(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT6).release(KeyCode.DIGIT6, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#failed-table").tryQuery().isPresent() && table(robot).getItems().size() == 3);
        long expired = table(robot).getItems().stream().filter(r -> r.expiresIn().equals("expired")).count();
        assertThat(expired).isPositive();
        robot.clickOn("#failed-prune");
        UiHarness.waitUntil(() -> robot.lookup("#failed-prune-preview").tryQuery().isPresent());
        String preview = robot.lookup("#failed-prune-preview").queryAs(TextArea.class).getText();
        assertThat(preview.lines()).hasSize((int) expired).allMatch(l -> l.contains(" ago · "));
        robot.clickOn("Cancel"); // nothing removed
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table(robot).getItems()).hasSize(3);
        robot.clickOn("#failed-prune");
        UiHarness.waitUntil(() -> robot.lookup("#failed-prune-preview").tryQuery().isPresent());
        robot.clickOn("Prune");
        UiHarness.waitUntil(() -> table(robot).getItems().size() == 3 - expired);
        assertThat(robot.lookup("#failed-message").queryAs(Label.class).getText()).startsWith("Pruned ")
                .doesNotContain("Redis member").endsWith("(no Redis configured: the index only)."); // the demo has none
    }

    /**
     * With nothing selected, the first Down selects the first row (it picked the second: the table's focus sits on
     * row 0), and the selected row looks as a focused table's selected row does in Health — the accent, not the
     * theme's pale grey.
     */
    @Test
    void theFirstDownSelectsTheFirstRowShownAsElsewhere(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT7).release(KeyCode.DIGIT7, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#health-jobs").tryQuery().isPresent()
                && !robot.lookup("#health-jobs").queryAs(TableView.class).getItems().isEmpty());
        robot.interact(() -> { // focused, as the failed-targets table is below: a focused table's selection
            robot.lookup("#health-jobs").queryAs(TableView.class).getSelectionModel().select(0);
            robot.lookup("#health-jobs").queryAs(TableView.class).requestFocus();
        });
        WaitForAsyncUtils.waitForFxEvents();
        Paint inHealth = selectedFill(robot.lookup("#health-jobs").queryAs(TableView.class));

        robot.press(KeyCode.CONTROL, KeyCode.DIGIT6).release(KeyCode.DIGIT6, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#failed-table").tryQuery().isPresent() && table(robot).getItems().size() == 3);
        robot.interact(() -> {
            table(robot).getSelectionModel().clearSelection();
            table(robot).requestFocus();
        });
        robot.type(KeyCode.DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table(robot).getSelectionModel().getSelectedIndices()).containsExactly(0);
        robot.type(KeyCode.DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table(robot).getSelectionModel().getSelectedIndices()).as("then Down moves on").containsExactly(1);
        assertThat(selectedFill(table(robot))).as("selected as in Health").isEqualTo(inHealth);
    }

    /**
     * A filter that matches nothing: the empty table says what it hides (it said nothing was blocked), the count says
     * "0 of 3", and Escape in the field clears the filter.
     */
    @Test
    void aFilterThatMatchesNothingSaysSoAndEscapeClearsIt(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT6).release(KeyCode.DIGIT6, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#failed-table").tryQuery().isPresent() && table(robot).getItems().size() == 3);
        robot.clickOn("#failed-filter").write("nosuch");
        UiHarness.waitUntil(() -> table(robot).getItems().isEmpty());
        assertThat(robot.lookup("#failed-summary").queryAs(Label.class).getText()).startsWith("0 of 3 failed targets");
        assertThat(((Label) table(robot).getPlaceholder()).getText())
                .isEqualTo("No failed targets match “nosuch” (3 in all). Escape clears the filter.");
        robot.type(KeyCode.ESCAPE);
        UiHarness.waitUntil(() -> table(robot).getItems().size() == 3);
        assertThat(robot.lookup("#failed-filter").queryAs(TextField.class).getText()).isEmpty();
        assertThat(robot.lookup("#failed-summary").queryAs(Label.class).getText()).startsWith("3 failed targets");
    }

    /**
     * Prune deletes documents: Enter in its dialog pruned them (Prune was the focused default button). As Revert in
     * Amendments, the default is Cancel, focused; Prune takes a click or Tab and Space.
     */
    @Test
    void enterInThePruneDialogCancels(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT6).release(KeyCode.DIGIT6, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#failed-table").tryQuery().isPresent() && table(robot).getItems().size() == 3);
        robot.clickOn("#failed-prune");
        UiHarness.waitUntil(() -> robot.lookup("#failed-prune-preview").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        Button cancel = (Button) dialog.lookupButton(ButtonType.CANCEL);
        Button prune = dialog.getButtonTypes().stream().filter(b -> b.getText().equals("Prune"))
                .map(b -> (Button) dialog.lookupButton(b)).findFirst().orElseThrow();
        UiHarness.waitUntil(cancel::isFocused);
        assertThat(cancel.isDefaultButton()).as("Cancel is the default").isTrue();
        assertThat(prune.isDefaultButton()).as("Prune is not").isFalse();
        robot.type(KeyCode.ENTER);
        UiHarness.waitUntil(() -> robot.lookup("#failed-prune-preview").tryQuery().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table(robot).getItems()).as("Enter pruned nothing").hasSize(3);
        assertThat(robot.lookup("#failed-message").queryAs(Label.class).getText()).doesNotStartWith("Pruned");
    }

    /**
     * Three spaces as the reason enabled Clear, and Enter closed the dialog with nothing done and no word why. The
     * button stays disabled until the reason has words; Enter then does nothing, and the dialog stays.
     */
    @Test
    void aBlankReasonNeverEnablesClear(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT6).release(KeyCode.DIGIT6, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#failed-table").tryQuery().isPresent() && table(robot).getItems().size() == 3);
        robot.clickOn("gremlin");
        robot.clickOn("#failed-clear");
        UiHarness.waitUntil(() -> robot.lookup("#failed-reason").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        Node clear = dialog.lookupButton(dialog.getButtonTypes().stream()
                .filter(b -> b.getText().equals("Clear")).findFirst().orElseThrow());
        robot.clickOn("#failed-reason").write("   ");
        assertThat(clear.isDisabled()).as("a blank reason is no reason").isTrue();
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#failed-reason").tryQuery()).as("the dialog stays, waiting for a reason").isPresent();
        robot.write("Fixed upstream.");
        assertThat(clear.isDisabled()).isFalse();
        robot.type(KeyCode.ENTER); // words typed: Enter clears, as before
        UiHarness.waitUntil(() -> table(robot).getItems().size() == 2);
        assertThat(robot.lookup("#failed-message").queryAs(Label.class).getText()).startsWith("Cleared gremlin/S1");
    }

    private static Paint selectedFill(TableView<?> table) {
        Region row = (Region) table.lookupAll(".table-row-cell").stream()
                .filter(n -> n.getPseudoClassStates().contains(PseudoClass.getPseudoClass("selected")))
                .findFirst().orElseThrow();
        List<BackgroundFill> fills = row.getBackground().getFills();
        return fills.get(fills.size() - 1).getFill();
    }
}
