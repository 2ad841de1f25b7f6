package views.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The in-window notification, clicked like a user: its close button, its action, the card itself. */
@ExtendWith(ApplicationExtension.class)
class ToastUiTest {

    private Toast toast;
    private final AtomicInteger opened = new AtomicInteger();

    @Start
    void start(Stage stage) {
        toast = new Toast(); // a control: made once the toolkit is up
        stage.setScene(new Scene(new StackPane(new Label("the screen behind"), toast.node()), 900, 600));
        stage.show();
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
        javafx.scene.Node card = robot.lookup("#toast").query();
        assertThat(card.getBoundsInParent().getHeight()).as("card height").isLessThan(260);
        assertThat(card.getBoundsInParent().getMaxY()).as("inside the window")
                .isLessThanOrEqualTo(card.getScene().getHeight());
    }
}
