package views.shell;

import atlantafx.base.theme.Styles;
import javafx.beans.value.ChangeListener;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import viewmodels.shell.ReviewSharingViewModel;

/**
 * The status bar's word on the shared review branch ("Review branch: 2 decisions not pushed · offline"): each
 * repository's ahead and behind in the tooltip, a warning colour when something waits or failed, and a click (or
 * Enter) that fetches and pushes now. Hidden while the open workspace shares nothing.
 */
final class SharingStatus {

    private final Button button = new Button();
    private final Tooltip tooltip = new Tooltip();
    private final ChangeListener<Boolean> attention = (o, was, now) -> warn(now);
    private ReviewSharingViewModel bound;

    SharingStatus() {
        button.setId("status-review-sharing");
        button.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        button.setMinWidth(Region.USE_PREF_SIZE);
        button.setTooltip(tooltip);
        bind(null);
    }

    Button node() {
        return button;
    }

    /** Shows {@code vm}'s state (null: no workspace open, nothing shown). */
    void bind(ReviewSharingViewModel vm) {
        button.textProperty().unbind();
        tooltip.textProperty().unbind();
        button.visibleProperty().unbind();
        button.disableProperty().unbind();
        button.getStyleClass().remove(Styles.WARNING);
        if (bound != null) {
            bound.attentionProperty().removeListener(attention);
        }
        bound = vm;
        if (vm == null) {
            button.setText("");
            button.managedProperty().unbind();
            button.setVisible(false);
            button.setManaged(false);
            button.setOnAction(e -> { });
            return;
        }
        button.textProperty().bind(vm.textProperty());
        tooltip.textProperty().bind(vm.detailProperty());
        button.visibleProperty().bind(vm.sharedProperty());
        button.managedProperty().bind(button.visibleProperty());
        button.disableProperty().bind(vm.syncingProperty());
        vm.attentionProperty().addListener(attention);
        warn(vm.attentionProperty().get());
        button.setOnAction(e -> vm.syncNow());
    }

    private void warn(boolean on) {
        button.getStyleClass().remove(Styles.WARNING);
        if (on) {
            button.getStyleClass().add(Styles.WARNING);
        }
    }
}
