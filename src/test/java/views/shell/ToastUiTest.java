package views.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The in-window notification, clicked like a user: its close button, its action, the card itself. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class ToastUiTest {

    private Toast toast;
    private final AtomicInteger opened = new AtomicInteger();

    private TextField field;
    private VBox content;
    private final AtomicInteger escapesBehind = new AtomicInteger();

    @Start
    void start(Stage stage) {
        toast = new Toast(); // a control: made once the toolkit is up
        field = new TextField();
        field.setId("behind-field");
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                escapesBehind.incrementAndGet();
            }
        });
        Region table = new Region(); // the Overview's table: it fills the content to its bottom
        table.setId("behind-table");
        VBox.setVgrow(table, Priority.ALWAYS);
        content = new VBox(new Label("the screen behind"), field, table);
        Region statusBar = new Region();
        statusBar.setMinHeight(28);
        statusBar.setPrefHeight(28);
        BorderPane root = new BorderPane(content);
        root.setBottom(statusBar);
        toast.keepClear(content, statusBar);
        stage.setScene(new Scene(new StackPane(root, toast.node()), 900, 600));
        stage.show();
    }

    @Test
    void escapeClosesItFromAnywhereInTheWindowAndOtherwiseReachesTheScreen(FxRobot robot) {
        robot.clickOn("#behind-field");
        show(robot, "WARNING: something new");
        robot.type(KeyCode.ESCAPE);
        assertThat(toast.showing()).isFalse();
        assertThat(escapesBehind.get()).as("the Escape that closed it").isZero();
        assertThat(opened.get()).isZero();

        robot.type(KeyCode.ESCAPE); // nothing showing: the screen's own Escape (Knowledge clears its filters)
        assertThat(escapesBehind.get()).isEqualTo(1);
    }

    @Test
    void tabReachesItsCloseButtonWhileItShowsAndTheFocusComesBackWhenItCloses(FxRobot robot) {
        robot.clickOn("#behind-field");
        assertThat(robot.lookup("#toast-close").query().isFocusTraversable()).as("hidden: no Tab stop").isFalse();
        show(robot, "WARNING: something new");
        assertThat(field.isFocused()).as("it never takes the focus by itself").isTrue();

        robot.type(KeyCode.TAB);
        assertThat(robot.lookup("#toast-close").query().isFocused()).isTrue();
        robot.type(KeyCode.SPACE);
        assertThat(toast.showing()).isFalse();
        assertThat(opened.get()).isZero();
        assertThat(field.isFocused()).as("back where it was").isTrue();
    }

    @Test
    void whileItShowsTheContentEndsAboveItSoNothingLiesUnderIt(FxRobot robot) {
        Region table = robot.lookup("#behind-table").query();
        double fullBottom = table.localToScene(table.getBoundsInLocal()).getMaxY();
        show(robot, "WARNING: a finding\nand another line");
        Node card = robot.lookup("#toast").query();
        Bounds cardBounds = card.localToScene(card.getBoundsInLocal());
        Bounds tableBounds = table.localToScene(table.getBoundsInLocal());
        assertThat(tableBounds.getMaxY()).as("the table's bottom").isLessThanOrEqualTo(cardBounds.getMinY());
        assertThat(tableBounds.getHeight()).isGreaterThan(300); // the rest of it still there

        robot.interact(toast::hide);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table.localToScene(table.getBoundsInLocal()).getMaxY()).as("all of it again").isEqualTo(fullBottom);
    }

    private void show(FxRobot robot, String text) {
        robot.interact(() -> toast.show("Watchdog", text, "Open Health", opened::incrementAndGet));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void closingItOpensNothingAndItsActionOrTheCardOpenOnce(FxRobot robot) {
        assertThat(toast.showing()).isFalse();
        show(robot, "WARNING: something new");
        assertThat(toast.showing()).isTrue();
        assertThat(robot.lookup("#toast-text").queryAs(Label.class).getText()).isEqualTo("WARNING: something new");

        robot.clickOn("#toast-close");
        assertThat(toast.showing()).isFalse();
        assertThat(opened.get()).isZero();

        show(robot, "WARNING: another");
        robot.clickOn("#toast-open");
        assertThat(toast.showing()).isFalse();
        assertThat(opened.get()).isEqualTo(1);

        show(robot, "ERROR: a third");
        robot.clickOn("#toast-text");
        assertThat(toast.showing()).isFalse();
        assertThat(opened.get()).isEqualTo(2);
    }

    @Test
    void aNewerOneReplacesTheOneShowing(FxRobot robot) {
        show(robot, "first");
        show(robot, "second");
        assertThat(toast.showing()).isTrue();
        assertThat(robot.lookup("#toast-text").queryAs(Label.class).getText()).isEqualTo("second");
        assertThat(robot.lookup(".toast").queryAll()).hasSize(1);
    }

    @Test
    void aLongAlertStaysASmallCard(FxRobot robot) {
        StringBuilder many = new StringBuilder();
        for (int i = 1; i <= 30; i++) {
            many.append("WARNING: finding number ").append(i).append(" of a watchdog run that found a great deal\n");
        }
        show(robot, many.toString().strip());
        Node card = robot.lookup("#toast").query();
        assertThat(card.getBoundsInParent().getHeight()).as("card height").isLessThan(260);
        assertThat(card.getBoundsInParent().getMaxY()).as("inside the window")
                .isLessThanOrEqualTo(card.getScene().getHeight());
    }
}
