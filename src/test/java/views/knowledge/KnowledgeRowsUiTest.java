package views.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import viewmodels.knowledge.ResultRow;
import views.UiHarness;

/** Knowledge's results at 1100×700: each title one line, whole in its tooltip; types in words, not codes. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class KnowledgeRowsUiTest {

    @TempDir
    static Path tmp;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        new UiHarness(stage, tmp.resolve("knowledge-rows-" + System.nanoTime()));
    }

    @SuppressWarnings("unchecked")
    private static ListView<ResultRow> results(FxRobot robot) {
        return robot.lookup("#knowledge-results").queryAs(ListView.class);
    }

    @Test
    void aTitleIsOneLineAt1100AndATypeIsWords(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.interact(() -> {
            stage.setWidth(1100);
            stage.setHeight(700);
        });
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-results").tryQuery().isPresent()
                && results(robot).getItems().size() > 10);
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            List<Label> titles = new ArrayList<>();
            results(robot).lookupAll(".result-title-line").forEach(n -> titles.add((Label) n));
            assertThat(titles).isNotEmpty();
            double line = titles.get(0).getFont().getSize() * 1.6;
            for (Label title : titles) {
                assertThat(title.isWrapText()).isFalse();
                assertThat(title.getHeight()).as("one line: " + title.getText()).isLessThan(line);
                assertThat(title.getTooltip().getText()).isEqualTo(title.getText());
            }
            assertThat(titles).as("a long ADR title is cut at 1100 px, not wrapped")
                    .anyMatch(t -> t.getText().length() > 30);
            List<String> badges = new ArrayList<>();
            results(robot).lookupAll(".type-badge").forEach(n -> badges.add(((Label) n).getText()));
            assertThat(badges).isNotEmpty().noneMatch(b -> b.contains("_")).contains("ADR");
        });
        List<String> facets = new ArrayList<>();
        robot.lookup(".check-box").queryAll().forEach(n -> facets.add(((CheckBox) n).getText()));
        // the type facet in words (a tag is kept as its author wrote it: "failed_target" may be a tag)
        assertThat(facets.subList(0, 7)).anyMatch(f -> f.startsWith("failed target (")).anyMatch(f -> f.startsWith(
                "brain note (")).anyMatch(f -> f.startsWith("ADR (")).noneMatch(f -> f.contains("_"));
    }
}
