package views.shell;

import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.collections.ObservableSet;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.collections.ObservableMap;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.StackPane;
import org.kordamp.ikonli.javafx.FontIcon;
import views.components.Icons;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import viewmodels.shell.SectionItem;
import viewmodels.shell.ShellViewModel;

/**
 * The navigation rail: a button per section with its hint and key (Ctrl+1 … Ctrl+0) in the tooltip, marked while
 * the section holds unsaved edits. The selected button is the section shown: the arrow keys select a button without
 * firing it, so selecting one shows it, and the shown one cannot be unselected.
 */
final class NavRail {

    private final ShellViewModel vm;
    private final VBox rail = new VBox();
    private final ToggleGroup group = new ToggleGroup();

    NavRail(ShellViewModel vm) {
        this.vm = vm;
        rail.getStyleClass().add("nav-rail");
        // the rail's arrow keys select a button without firing it: the selected button is the section shown, so
        // selecting one shows it, and the shown one cannot be unselected (a click on it, or the group emptied)
        group.selectedToggleProperty().addListener((obs, was, now) -> {
            if (now == null) {
                if (was != null && group.getToggles().contains(was)
                        && was.getUserData().equals(vm.selectedSectionProperty().get())) {
                    was.setSelected(true);
                }
            } else if (!now.getUserData().equals(vm.selectedSectionProperty().get())) {
                vm.select((String) now.getUserData());
            }
        });
    }

    Node node() {
        return rail;
    }

    /** Makes the buttons anew for the sections of the workspace now open. */
    void rebuild() {
        rail.getChildren().clear();
        group.getToggles().clear();
        int position = 1;
        for (SectionItem item : vm.sections()) {
            ToggleButton button = new ToggleButton(item.title());
            button.setId("nav-" + item.id());
            button.setUserData(item.id());
            button.setToggleGroup(group);
            button.setMaxWidth(Double.MAX_VALUE);
            button.setAlignment(Pos.CENTER_LEFT);
            button.getStyleClass().add("nav-button");
            String hint = item.hint() + (position <= 10 ? "  (Ctrl+" + position % 10 + ")" : "");
            // a section with unsaved edits (Settings) says so in the rail, whichever section is shown
            ObservableSet<String> unsaved = vm.unsaved().sections();
            button.textProperty().bind(Bindings.createStringBinding(
                    () -> unsaved.contains(item.id()) ? item.title() + "  ●" : item.title(), unsaved));
            ObservableMap<String, Integer> waiting = vm.waitingCounts();
            Tooltip tip = new Tooltip();
            tip.textProperty().bind(Bindings.createStringBinding(
                    () -> (unsaved.contains(item.id()) ? hint + "\n● Unsaved changes" : hint)
                            + (waiting.getOrDefault(item.id(), 0) > 0 ? "\n" + waiting.get(item.id()) + " waiting for you"
                            : ""), unsaved, waiting));
            FontIcon icon = Icons.ofSection(item.id());
            if (icon != null) {
                icon.getStyleClass().add("nav-icon");
                button.setGraphic(icon);
                button.setGraphicTextGap(10);
            }
            // what waits in this section (from the inbox): a count on the right of its button, none when nothing
            Label count = new Label();
            count.setId("nav-count-" + item.id());
            count.getStyleClass().add("nav-count");
            count.setMouseTransparent(true);
            count.textProperty().bind(Bindings.createStringBinding(() -> {
                int n = waiting.getOrDefault(item.id(), 0);
                return n > 99 ? "99+" : String.valueOf(n);
            }, waiting));
            count.visibleProperty().bind(Bindings.createBooleanBinding(
                    () -> waiting.getOrDefault(item.id(), 0) > 0, waiting));
            StackPane slot = new StackPane(button, count);
            StackPane.setAlignment(count, Pos.CENTER_RIGHT);
            StackPane.setMargin(count, new Insets(0, 8, 0, 0));
            button.setTooltip(tip);
            button.setOnAction(e -> {
                vm.select(item.id());
                button.setSelected(true);
            });
            rail.getChildren().add(slot);
            position++;
        }
    }

    /** Selects the button of the section {@code id} and returns it; empty when the rail has none. */
    Optional<Node> select(String id) {
        return group.getToggles().stream().filter(t -> id.equals(t.getUserData())).findFirst().map(t -> {
            t.setSelected(true);
            return (Node) t;
        });
    }
}
