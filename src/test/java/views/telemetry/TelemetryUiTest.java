package views.telemetry;

import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import viewmodels.telemetry.TelemetryViewModel;

/** The Telemetry screen shows the first sync's span, and filters. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class TelemetryUiTest {

    @TempDir
    static Path tmp;

    @Start
    void start(Stage stage) {
        new UiHarness(stage, tmp.resolve("telemetry-" + System.nanoTime()));
    }

    @SuppressWarnings("unchecked")
    private static TableView<TelemetryViewModel.SpanRow> table(FxRobot robot) {
        return robot.lookup("#telemetry-table").queryAs(TableView.class);
    }

    @Test
    void showsSpansAndFilters(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.PAGE_UP).release(KeyCode.PAGE_UP, KeyCode.CONTROL); // Knowledge reach
        robot.press(KeyCode.CONTROL, KeyCode.PAGE_UP).release(KeyCode.PAGE_UP, KeyCode.CONTROL); // Settings
        robot.press(KeyCode.CONTROL, KeyCode.PAGE_UP).release(KeyCode.PAGE_UP, KeyCode.CONTROL); // Telemetry
        UiHarness.waitUntil(() -> robot.lookup("#telemetry-table").tryQuery().isPresent());
        UiHarness.waitUntil(() -> table(robot).getItems().stream().anyMatch(r -> r.name().equals("sync")));
        robot.clickOn("#telemetry-filter").write("sync");
        UiHarness.waitUntil(() -> table(robot).getItems().stream().allMatch(r -> r.name().equals("sync")));
        assertThat(table(robot).getItems().get(0).attributes()).contains("indexed=", "errors=");
        assertThat(robot.lookup("#telemetry-summary").queryAs(Label.class).getText()).contains("not exported");
        // one line a row (rows were of two heights, a long span's attributes wrapped); all of them in the tooltip
        robot.interact(() -> {
            List<TableCell<?, ?>> cells = new ArrayList<>();
            table(robot).lookupAll(".one-line-cell").forEach(n -> cells.add((TableCell<?, ?>) n));
            List<TableCell<?, ?>> filled = cells.stream().filter(c -> c.getItem() != null).toList();
            assertThat(filled).isNotEmpty().allSatisfy(c -> assertThat(c.getTooltip().getText()).isEqualTo(c.getItem()));
            assertThat(filled.stream().map(c -> Math.round(c.getHeight())).distinct()).as("one row height").hasSize(1);
        });
    }
}
