package app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.layout.Pane;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A window larger than the screen's usable area is opened inside it, never partly off-screen. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class WindowFitTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void aWindowLargerThanTheScreenTakesTheScreensUsableArea(FxRobot robot) {
        Rectangle2D area = Screen.getPrimary().getVisualBounds();
        robot.interact(() -> {
            stage.setScene(new Scene(new Pane(), area.getWidth() + 300, area.getHeight() + 200));
            stage.setMinWidth(area.getWidth() + 100);
            MainWindow.fitToScreen(stage);
        });
        assertEquals(area.getWidth(), stage.getWidth());
        assertEquals(area.getHeight(), stage.getHeight());
        assertEquals(area.getMinX(), stage.getX());
        assertEquals(area.getMinY(), stage.getY());
        assertEquals(area.getWidth(), stage.getMinWidth());
    }

    @Test
    void aWindowThatFitsKeepsItsSize(FxRobot robot) {
        double[] before = new double[4];
        robot.interact(() -> {
            stage.setScene(new Scene(new Pane(), 400, 300));
            before[0] = stage.getWidth();
            before[1] = stage.getHeight();
            before[2] = stage.getX();
            before[3] = stage.getY();
            MainWindow.fitToScreen(stage);
        });
        assertEquals(before[0], stage.getWidth());
        assertEquals(before[1], stage.getHeight());
        assertEquals(before[2], stage.getX());
        assertEquals(before[3], stage.getY());
    }
}
