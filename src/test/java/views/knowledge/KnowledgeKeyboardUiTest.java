package views.knowledge;

import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import viewmodels.knowledge.LinkRow;
import viewmodels.knowledge.ResultRow;

/**
 * A keyboard user tabs through Knowledge at 1100×700: every stop — the facets' titles and check boxes, the results,
 * the document, its provenance lines — shows where the focus is (the pixels around it differ from when the focus
 * is elsewhere) and takes no room doing so; and Enter on a provenance line reached by Tab opens it.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class KnowledgeKeyboardUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        ui = new UiHarness(stage, tmp.resolve("knowledge-keys-" + System.nanoTime()));
    }

    private static String name(Node node) {
        return node == null ? "nothing" : node.getId() != null ? node.getId() : node.getClass().getSimpleName();
    }

    private static boolean inside(Node node, Node ancestor) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }

    private WritableImage snapshot(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage[] image = new WritableImage[1];
        robot.interact(() -> image[0] = stage.getScene().snapshot(null));
        return image[0];
    }

    /** How many pixels in the node's place (and 3 px around it, where a ring outside it is drawn) differ. */
    private static int changed(WritableImage a, WritableImage b, Bounds at) {
        PixelReader pa = a.getPixelReader();
        PixelReader pb = b.getPixelReader();
        int x0 = Math.max(0, (int) Math.floor(at.getMinX()) - 3);
        int y0 = Math.max(0, (int) Math.floor(at.getMinY()) - 3);
        int x1 = Math.min((int) a.getWidth(), (int) Math.ceil(at.getMaxX()) + 3);
        int y1 = Math.min((int) a.getHeight(), (int) Math.ceil(at.getMaxY()) + 3);
        int n = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                int p = pa.getArgb(x, y);
                int q = pb.getArgb(x, y);
                int d = Math.abs((p >> 16 & 255) - (q >> 16 & 255)) + Math.abs((p >> 8 & 255) - (q >> 8 & 255))
                        + Math.abs((p & 255) - (q & 255));
                if (d > 60) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void everyStopShowsTheFocusAndEnterOnAProvenanceLineOpensIt(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.interact(() -> {
            stage.setWidth(1100);
            stage.setHeight(700);
            ui.window.shell().select("knowledge");
        });
        UiHarness.waitUntil(() -> robot.lookup("#knowledge-search").tryQuery().map(n -> n.getScene() != null)
                .orElse(false));
        @SuppressWarnings("unchecked")
        ListView<ResultRow> results = robot.lookup("#knowledge-results").queryAs(ListView.class);
        robot.clickOn("#knowledge-search").write("idempotency email");
        UiHarness.waitUntil(() -> results.getItems().stream().anyMatch(r -> r.type().equals("lesson")));
        // down from the search box into the results, and on to the lesson: it has provenance lines
        robot.type(KeyCode.DOWN);
        for (int i = 0; i < 10 && !robot.lookup("#detail-meta").queryAs(Label.class).getText().startsWith("lesson"); i++) {
            robot.type(KeyCode.DOWN);
            WaitForAsyncUtils.waitForFxEvents();
        }
        @SuppressWarnings("unchecked")
        ListView<LinkRow> provenance = robot.lookup("#knowledge-provenance").queryAs(ListView.class);
        UiHarness.waitUntil(() -> robot.lookup("#detail-meta").queryAs(Label.class).getText().startsWith("lesson")
                && !provenance.getItems().isEmpty());
        UiHarness.settle();

        Scene scene = stage.getScene();
        Node search = robot.lookup("#knowledge-search").query();
        Node elsewhere = robot.lookup("#nav-overview").query(); // far from Knowledge's content
        Node knowledge = search;
        while (knowledge != null && !knowledge.getStyleClass().contains("knowledge")) {
            knowledge = knowledge.getParent();
        }
        Node section = knowledge;
        robot.interact(search::requestFocus);
        List<String> stops = new ArrayList<>();
        List<String> unseen = new ArrayList<>();
        List<String> moved = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            robot.type(KeyCode.TAB);
            WaitForAsyncUtils.waitForFxEvents();
            Node focused = scene.getFocusOwner();
            if (focused == search || !inside(focused, section)) {
                break; // round the section and back to the search box, or out of it
            }
            String name = name(focused);
            stops.add(name);
            WritableImage withFocus = snapshot(robot);
            Insets[] insets = new Insets[2];
            robot.interact(() -> insets[0] = focused instanceof Region r ? r.getInsets() : Insets.EMPTY);
            robot.interact(elsewhere::requestFocus);
            WritableImage without = snapshot(robot);
            Bounds[] at = new Bounds[1];
            robot.interact(() -> {
                insets[1] = focused instanceof Region r ? r.getInsets() : Insets.EMPTY;
                at[0] = focused.localToScene(focused.getLayoutBounds());
            });
            int differ = changed(withFocus, without, at[0]);
            if (differ < 30) {
                unseen.add(name + " (" + differ + " px differ)");
            }
            if (!insets[0].equals(insets[1])) {
                moved.add(name + " " + insets[1] + " → " + insets[0]);
            }
            robot.interact(focused::requestFocus);
            WaitForAsyncUtils.waitForFxEvents();
        }
        assertThat(unseen).as("stops where the focus cannot be seen, of " + stops).isEmpty();
        assertThat(moved).as("stops whose ring takes room (their content moves)").isEmpty();
        assertThat(stops).as("the keyboard reaches every part of Knowledge")
                .contains("knowledge-results", "knowledge-detail", "knowledge-provenance")
                .anyMatch(s -> s.startsWith("facet-type-"));

        // the keyboard's way to a provenance line: Tab to the lines (the first is selected, so Enter has a target)
        int toProvenance = stops.indexOf("knowledge-provenance") + 1;
        robot.interact(search::requestFocus);
        for (int i = 0; i < toProvenance; i++) {
            robot.type(KeyCode.TAB);
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(scene.getFocusOwner()).isSameAs(provenance);
        assertThat(provenance.getSelectionModel().getSelectedIndex()).isZero();
        assertThat(provenance.getItems().get(0).label()).startsWith("Retro: ");
        robot.type(KeyCode.ENTER);
        UiHarness.waitUntil(() -> robot.lookup("#detail-meta").queryAs(Label.class).getText().startsWith("retro · retro:loop-"));
        ui.close(robot);
    }
}
