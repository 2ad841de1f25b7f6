package views.overview;

import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Border;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A keyboard user tabs through Overview: the section buttons and the folders table each show a focus ring. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class OverviewFocusUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        ui = new UiHarness(stage, tmp.resolve("overview-focus-" + System.nanoTime()));
    }

    /** The ring: a stroke at least 2 px wide drawn outside the control (negative insets). */
    private static boolean ring(Node node) {
        if (!(node instanceof Region region)) {
            return false;
        }
        Border border = region.getBorder();
        return border != null && border.getStrokes().stream()
                .anyMatch(s -> s.getWidths().getTop() >= 2 && s.getInsets().getTop() < 0);
    }

    @Test
    void tabShowsWhereTheFocusIs(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.interact(() -> ui.window.shell().select("overview")); // after the Mise brief: no number key
        UiHarness.waitUntil(() -> robot.lookup("#overview-locations").tryQuery().map(n -> n.getScene() != null)
                .orElse(false));
        List<String> withRing = new ArrayList<>();
        List<String> without = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            robot.press(KeyCode.TAB).release(KeyCode.TAB);
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> {
                Node focused = stage.getScene().getFocusOwner();
                stage.getScene().getRoot().applyCss();
                String name = focused == null ? "nothing" : focused.getId() == null
                        ? focused.getClass().getSimpleName() : focused.getId();
                boolean ours = focused != null && (focused.getStyleClass().contains("nav-button")
                        || "overview-locations".equals(focused.getId()));
                if (ours) {
                    (ring(focused) ? withRing : without).add(name);
                }
            });
        }
        assertThat(without).as("focused without a ring").isEmpty();
        assertThat(withRing).as("focused with a ring").contains("overview-locations").anyMatch(n -> n.startsWith("nav-"));
        robot.interact(() -> {
            Node unfocused = stage.getScene().getRoot().lookupAll(".nav-button").stream()
                    .filter(n -> !n.isFocused()).findFirst().orElseThrow();
            assertThat(ring(unfocused)).as("an unfocused button has no ring").isFalse();
        });
        ui.close(robot);
    }
}
