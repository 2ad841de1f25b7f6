package views.shell;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A selected row looks the same in every list and table of the window, with the window's style sheet and theme
 * and no screen's own: Review, Agent lessons and Knowledge's provenance (plain lists) showed the theme's pale grey
 * even when focused, where Amendments and Failed targets showed the accent. Focused: the accent's muted colour;
 * unfocused: a quieter tone that is still plainly there — never the theme's pale grey.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class SelectionLooksTheSameUiTest {

    /** The theme's own selection colour (PrimerLight -color-base-1), hardly there on white. */
    private static final Color THEME_GREY = Color.web("#eaeef2");

    private ListView<String> list;
    private TableView<String> table;
    private TextField elsewhere;

    @Start
    void start(Stage stage) {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        list = new ListView<>(FXCollections.observableArrayList("first proposal", "second proposal"));
        table = new TableView<>(FXCollections.observableArrayList("first target", "second target"));
        TableColumn<String, String> column = new TableColumn<>("Target");
        column.setCellValueFactory(c -> new SimpleStringProperty(c.getValue()));
        table.getColumns().add(column);
        elsewhere = new TextField();
        Scene scene = new Scene(new HBox(8, list, table, elsewhere), 900, 400);
        scene.getStylesheets().add(ShellView.class.getResource("/views/shell/shell.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    private static Paint selectedFill(Parent view, String cells) {
        Region row = (Region) view.lookupAll(cells).stream()
                .filter(n -> n.getPseudoClassStates().contains(PseudoClass.getPseudoClass("selected")))
                .findFirst().orElseThrow();
        var fills = row.getBackground().getFills();
        return fills.get(fills.size() - 1).getFill();
    }

    private void focus(FxRobot robot, Node node) {
        robot.interact(node::requestFocus);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aFocusedListAndAFocusedTableShowTheirSelectedRowInTheSameClearToneAndAQuieterOneUnfocused(FxRobot robot) {
        robot.interact(() -> {
            list.getSelectionModel().select(0);
            table.getSelectionModel().select(0);
        });
        focus(robot, list);
        Paint listFocused = selectedFill(list, ".list-cell");
        focus(robot, table);
        Paint tableFocused = selectedFill(table, ".table-row-cell");
        Paint listUnfocused = selectedFill(list, ".list-cell");
        focus(robot, elsewhere);
        Paint tableUnfocused = selectedFill(table, ".table-row-cell");

        assertThat(listFocused).as("focused: list as table").isEqualTo(tableFocused);
        assertThat(listUnfocused).as("unfocused: list as table").isEqualTo(tableUnfocused);
        assertThat(listFocused).as("focused differs from unfocused").isNotEqualTo(listUnfocused);
        for (Paint fill : new Paint[] {listFocused, listUnfocused}) {
            assertThat(fill).as("never the theme's pale grey").isNotEqualTo(THEME_GREY);
        }
        // the focused tone stands out more from the white rows than the unfocused one, which still stands out
        double focusedDistance = distanceFromWhite((Color) listFocused);
        double unfocusedDistance = distanceFromWhite((Color) listUnfocused);
        assertThat(unfocusedDistance).isGreaterThan(distanceFromWhite(THEME_GREY));
        assertThat(focusedDistance).isGreaterThan(unfocusedDistance * 0.9);
    }

    /** How far a colour, laid over white, is from white (0 to about 1.7). */
    private static double distanceFromWhite(Color c) {
        double a = c.getOpacity();
        double r = 1 - (c.getRed() * a + (1 - a));
        double g = 1 - (c.getGreen() * a + (1 - a));
        double b = 1 - (c.getBlue() * a + (1 - a));
        return Math.sqrt(r * r + g * g + b * b);
    }
}
