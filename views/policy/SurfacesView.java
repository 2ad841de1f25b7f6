package views.policy;

import atlantafx.base.theme.Styles;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import viewmodels.policy.SurfacesViewModel;
import views.components.OneLineListCell;

/** The promotion ladder under the trust dial: each surface's rung and record, sign-off, and reverting an applied change. */
public final class SurfacesView {

    private static final double ROW = 30;

    private final VBox root = new VBox(8);

    public SurfacesView(SurfacesViewModel vm) {
        root.setId("ladder-panel");
        Label title = new Label("Surfaces and the promotion ladder");
        title.getStyleClass().add(Styles.TITLE_4);
        ListView<String> surfaces = oneLine(new ListView<>(vm.surfaces()), 8); // every surface in view, up to 8
        surfaces.setId("ladder-surfaces");
        surfaces.setPlaceholder(placeholder("No surfaces: name them in workspace.json under policy.surfaces (see the "
                + "trust dial guide)."));
        ListView<String> applied = oneLine(new ListView<>(vm.applied()), 5);
        applied.setId("ladder-applied");
        applied.setPlaceholder(placeholder("No change applied by the dial is left to revert."));
        TextField reason = new TextField();
        reason.setId("ladder-reason");
        reason.setPromptText("why (kept in the decision log)");
        reason.setPrefColumnCount(24);
        reason.textProperty().bindBidirectional(vm.reasonProperty());
        Button signoff = new Button("Sign off selected surface");
        signoff.setId("ladder-signoff");
        signoff.setOnAction(e -> vm.signoff(surfaces.getSelectionModel().getSelectedIndex()));
        signoff.disableProperty().bind(Bindings.createBooleanBinding(() -> !vm.eligible(surfaces.getSelectionModel()
                .getSelectedIndex()), surfaces.getSelectionModel().selectedIndexProperty(), vm.surfaces()));
        Button revert = new Button("Revert selected change");
        revert.setId("ladder-revert");
        revert.getStyleClass().add(Styles.DANGER);
        revert.setOnAction(e -> vm.revert(applied.getSelectionModel().getSelectedIndex()));
        revert.disableProperty().bind(applied.getSelectionModel().selectedIndexProperty().lessThan(0));
        HBox actions = new HBox(8, reason, signoff, revert);
        actions.setAlignment(Pos.CENTER_LEFT);
        Label message = new Label();
        message.setId("ladder-message");
        message.setWrapText(true);
        message.textProperty().bind(vm.messageProperty());
        vm.messageIsProblemProperty().addListener((obs, was, problem) -> {
            message.getStyleClass().remove(Styles.DANGER);
            if (problem) {
                message.getStyleClass().add(Styles.DANGER);
            }
        });
        // a read after a change elsewhere keeps what was selected, by its name (its line's figures may have changed)
        keepSelection(surfaces, vm::surfaceName, vm::indexOfSurface);
        keepSelection(applied, vm::appliedId, vm::indexOfApplied);
        root.getChildren().addAll(title, surfaces, new Label("Changes the dial applied (newest first)"), applied,
                actions, message);
        vm.load();
    }

    private static void keepSelection(ListView<String> list, IntFunction<String> keyAt, ToIntFunction<String> indexOf) {
        String[] selected = new String[1];
        list.getSelectionModel().selectedIndexProperty().addListener((o, was, now) -> {
            if (now.intValue() >= 0) {
                selected[0] = keyAt.apply(now.intValue());
            }
        });
        list.getItems().addListener((ListChangeListener<String>) change -> {
            int at = indexOf.applyAsInt(selected[0]);
            if (at >= 0) {
                list.getSelectionModel().clearAndSelect(at);
            } else {
                selected[0] = null;
            }
        });
    }

    private static Label placeholder(String text) {
        Label label = new Label(text);
        label.setWrapText(true);
        return label;
    }

    /**
     * One line a row (docs/design.md, "Rows"), the whole record in its tooltip; as tall as its rows, up to {@code most}
     * rows, and two rows tall when empty so the placeholder shows.
     */
    private static ListView<String> oneLine(ListView<String> list, int most) {
        list.setCellFactory(l -> new OneLineListCell());
        list.setFixedCellSize(ROW);
        list.prefHeightProperty().bind(Bindings.max(2, Bindings.min(most, Bindings.size(list.getItems())))
                .multiply(ROW).add(4));
        list.minHeightProperty().bind(list.prefHeightProperty());
        return list;
    }

    public Node root() {
        return root;
    }
}
