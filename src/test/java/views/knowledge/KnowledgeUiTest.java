package views.knowledge;

import javafx.scene.Node;
import org.junit.jupiter.api.Tag;
import org.testfx.util.WaitForAsyncUtils;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.CheckBox;
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
import viewmodels.knowledge.LinkRow;
import viewmodels.knowledge.ResultRow;

/**
 * An operator searches, narrows by a facet, opens a lesson and follows its provenance to the retro. What each
 * recall budget injects is proven without a window (KnowledgeViewModelTest
 * .recallPreviewShowsTheImplementorsInjectionThenThreeBudgets); RecallUiTest drives the Recall screen.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class KnowledgeUiTest {

    @TempDir
    static Path tmp;

    @Start
    void start(Stage stage) {
        new UiHarness(stage, tmp.resolve("knowledge-" + System.nanoTime()));
    }

    @SuppressWarnings("unchecked")
    private static ListView<ResultRow> results(FxRobot robot) {
        return robot.lookup("#knowledge-results").queryAs(ListView.class);
    }

    @Test
    void searchNarrowOpenALessonAndFollowItsProvenance(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-search").tryQuery().isPresent());
        robot.clickOn("#knowledge-search").write("idempotency email");
        UiHarness.waitUntil(() -> robot.lookup("#facet-type-lesson").tryQuery().isPresent()
                && !results(robot).getItems().isEmpty());

        robot.clickOn("#facet-type-lesson");
        UiHarness.waitUntil(() -> robot.lookup("#facet-type-lesson").queryAs(CheckBox.class).isSelected()
                && results(robot).getItems().stream().allMatch(r -> r.type().equals("lesson")));
        assertThat(robot.lookup("#knowledge-summary").queryAs(Label.class).getText()).contains("document");
        // the facet's boxes are made anew with the results: the ticked one keeps the focus (it jumped to the rail)
        UiHarness.waitUntil(() -> {
            Node focus = robot.lookup("#facet-type-lesson").queryAs(CheckBox.class).getScene().getFocusOwner();
            return focus != null && "facet-type-lesson".equals(focus.getId());
        });
        robot.type(KeyCode.SPACE); // Space unticks it, from the keyboard
        UiHarness.waitUntil(() -> !robot.lookup("#facet-type-lesson").queryAs(CheckBox.class).isSelected());
        robot.type(KeyCode.SPACE);
        UiHarness.waitUntil(() -> robot.lookup("#facet-type-lesson").queryAs(CheckBox.class).isSelected()
                && results(robot).getItems().stream().allMatch(r -> r.type().equals("lesson")));

        robot.clickOn("#knowledge-search").type(KeyCode.DOWN);
        UiHarness.waitUntil(() -> robot.lookup("#detail-title").queryAs(Label.class).getText()
                .startsWith("Every step that sends email must carry an idempotency key"));
        assertThat(robot.lookup("#detail-meta").queryAs(Label.class).getText()).startsWith("lesson · lesson:loop-");

        @SuppressWarnings("unchecked")
        ListView<LinkRow> provenance = robot.lookup("#knowledge-provenance").queryAs(ListView.class);
        UiHarness.waitUntil(() -> !provenance.getItems().isEmpty());
        String retro = provenance.getItems().get(0).label();
        assertThat(retro).startsWith("Retro: Retrospective loop-");
        robot.clickOn(retro);
        UiHarness.waitUntil(() -> robot.lookup("#detail-title").queryAs(Label.class).getText()
                .startsWith("Retrospective loop-"));
        assertThat(robot.lookup("#detail-meta").queryAs(Label.class).getText()).startsWith("retro · retro:loop-");

        // the new document's lines start unselected: Enter does not open its first line
        UiHarness.waitUntil(() -> provenance.getSelectionModel().isEmpty());
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#detail-meta").queryAs(Label.class).getText()).startsWith("retro · retro:loop-");

        robot.press(KeyCode.ALT, KeyCode.LEFT).release(KeyCode.LEFT, KeyCode.ALT); // back to the lesson
        UiHarness.waitUntil(() -> robot.lookup("#detail-title").queryAs(Label.class).getText()
                .startsWith("Every step that sends email must carry an idempotency key"));
        robot.press(KeyCode.ALT, KeyCode.RIGHT).release(KeyCode.RIGHT, KeyCode.ALT); // forward to the retro
        UiHarness.waitUntil(() -> robot.lookup("#detail-title").queryAs(Label.class).getText()
                .startsWith("Retrospective loop-"));
        robot.clickOn("#detail-back");
        UiHarness.waitUntil(() -> robot.lookup("#detail-title").queryAs(Label.class).getText()
                .startsWith("Every step that sends email must carry an idempotency key"));
    }
}
