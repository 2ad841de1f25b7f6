package views;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import viewmodels.shell.SectionItem;

/**
 * Every section at the smallest supported size (1100×700) and at the default (1280×800): no button, label or
 * figure shows a cut text ("Appro…"): the text a control renders is the text it holds. (A path shortened at its
 * start on purpose, like the status bar's workspace, is the one exception.)
 */
@ExtendWith(ApplicationExtension.class)
class LayoutUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        ui = new UiHarness(stage, tmp.resolve("layout-" + System.nanoTime()));
    }

    @Test
    void nothingIsCutAt1100x700() {
        walk(1100, 700);
    }

    @Test
    void nothingIsCutAt1280x800() {
        walk(1280, 800);
    }

    @Test
    void facetNamesAndCountsAreWholeAndOnOneLineAtBothSizes() {
        FxRobot robot = new FxRobot();
        UiHarness.waitForIndex(robot);
        for (double[] size : new double[][] {{1280, 800}, {1100, 700}}) {
            robot.interact(() -> {
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
                ui.window.shell().select("knowledge");
            });
            settle();
            List<String> cut = new ArrayList<>();
            List<String> wrapped = new ArrayList<>();
            robot.interact(() -> {
                // the tags facet starts collapsed: open every facet so all of them are checked
                robot.lookup(".titled-pane").queryAllAs(javafx.scene.control.TitledPane.class).stream()
                        .filter(p -> p.getContent() != null && p.getContent().getId() != null
                                && p.getContent().getId().startsWith("facet-"))
                        .forEach(p -> p.setExpanded(true));
            });
            settle();
            robot.interact(() -> {
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
                var boxes = robot.lookup(n -> n instanceof javafx.scene.control.CheckBox && n.getId() != null
                        && n.getId().startsWith("facet-")).queryAllAs(javafx.scene.control.CheckBox.class);
                assertThat(boxes).as("facet values").hasSizeGreaterThan(10);
                for (javafx.scene.control.CheckBox box : boxes) {
                    collect(box, "knowledge facets", cut);
                    boolean tag = box.getId().startsWith("facet-tags-");
                    Text text = (Text) box.lookup(".text");
                    Text probe = new Text("Xg");
                    if (text != null) {
                        probe.setFont(text.getFont());
                    }
                    double line = probe.getLayoutBounds().getHeight();
                    if (!tag && text != null && text.getLayoutBounds().getHeight() > line * 1.5) {
                        wrapped.add(box.getText());
                    }
                }
            });
            assertThat(cut).as("facet texts cut at %sx%s", (int) size[0], (int) size[1]).isEmpty();
            assertThat(wrapped).as("type, project and status facets on one line at %sx%s", (int) size[0], (int) size[1])
                    .isEmpty();
        }
    }

    private void walk(double width, double height) {
        FxRobot robot = new FxRobot();
        UiHarness.waitForIndex(robot);
        robot.interact(() -> {
            stage.setWidth(width);
            stage.setHeight(height);
        });
        List<String> cut = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        robot.interact(() -> ui.window.shell().sections().stream().map(SectionItem::id).forEach(ids::add));
        for (String id : ids) {
            robot.interact(() -> ui.window.shell().select(id));
            settle();
            robot.interact(() -> {
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
                collect(stage.getScene().getRoot(), id, cut);
            });
        }
        assertThat(cut).as("texts cut at %sx%s", (int) width, (int) height).isEmpty();
    }

    private static void settle() {
        for (int i = 0; i < 6; i++) {
            WaitForAsyncUtils.sleep(250, java.util.concurrent.TimeUnit.MILLISECONDS);
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    /**
     * Every shown Labeled whose rendered text differs from its own (an ellipsis stands in for the rest): buttons,
     * check boxes, labels, column headers. The rows of lists and tables are not checked: a long row may be cut,
     * and the detail beside it shows it whole.
     */
    static void collect(Node node, String section, List<String> cut) {
        if (!node.isVisible() || node instanceof javafx.scene.control.Cell<?>) {
            return;
        }
        if (node instanceof Labeled labeled && labeled.getText() != null && !labeled.getText().isEmpty()
                && labeled.getSkin() != null
                && labeled.getTextOverrun() != javafx.scene.control.OverrunStyle.LEADING_ELLIPSIS) { // a path keeps its end
            Node text = labeled.lookup(".text");
            if (text instanceof Text rendered && rendered.getParent() == labeled.getSkin().getNode()
                    || text instanceof Text && isOwnText(labeled, (Text) text)) {
                String shown = ((Text) text).getText();
                String own = labeled.getText();
                if (!shown.equals(own) && !own.replace("_", "").equals(shown)) {
                    cut.add(section + ": " + labeled.getClass().getSimpleName()
                            + (labeled.getId() == null ? "" : "#" + labeled.getId()) + " shows \"" + shown
                            + "\" of \"" + own + "\"");
                }
            }
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                collect(child, section, cut);
            }
        }
    }

    private static boolean isOwnText(Labeled labeled, Text text) {
        return text.getParent() == labeled;
    }
}
