package views.shell;

import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import viewmodels.shell.ShellViewModel;

/**
 * The banners above the section, each shown only while it has something to say: an error (with Rebuild index when
 * the index is damaged) and a notice, each with Dismiss; the workspace settings to check; a frozen trust dial.
 */
final class MessageBanners {

    private MessageBanners() {
    }

    static Node of(ShellViewModel vm) {
        Label error = new Label();
        error.setId("error-banner");
        error.setWrapText(true);
        error.setMinHeight(Region.USE_PREF_SIZE); // every line of the message, never cut short
        error.textProperty().bind(vm.errorMessageProperty());
        Button dismiss = new Button("Dismiss");
        dismiss.setId("error-dismiss");
        dismiss.setMinWidth(Region.USE_PREF_SIZE); // a long message squeezed it to an ellipsis
        dismiss.setOnAction(e -> vm.dismissError());
        Button rebuild = new Button("Rebuild index");
        rebuild.setId("rebuild-index");
        rebuild.setMinWidth(Region.USE_PREF_SIZE);
        rebuild.setOnAction(e -> vm.rebuildIndex());
        rebuild.visibleProperty().bind(vm.rebuildOfferedProperty());
        rebuild.managedProperty().bind(rebuild.visibleProperty());
        HBox errorBox = new HBox(12, error, rebuild, dismiss);
        HBox.setHgrow(error, Priority.ALWAYS);
        errorBox.getStyleClass().addAll("banner", "banner-error");
        errorBox.visibleProperty().bind(vm.errorMessageProperty().isNotEmpty());
        errorBox.managedProperty().bind(errorBox.visibleProperty());

        Label notice = new Label();
        notice.setId("notice-banner");
        notice.setWrapText(true);
        notice.setMinHeight(Region.USE_PREF_SIZE);
        notice.textProperty().bind(vm.noticeProperty());
        Button ok = new Button("Dismiss");
        ok.setId("notice-dismiss");
        ok.setMinWidth(Region.USE_PREF_SIZE);
        ok.setOnAction(e -> vm.dismissNotice());
        HBox noticeBox = new HBox(12, notice, ok);
        HBox.setHgrow(notice, Priority.ALWAYS);
        noticeBox.getStyleClass().addAll("banner", "banner-notice");
        noticeBox.visibleProperty().bind(vm.noticeProperty().isNotEmpty());
        noticeBox.managedProperty().bind(noticeBox.visibleProperty());

        Label warnings = new Label();
        warnings.setId("warning-banner");
        warnings.setWrapText(true);
        warnings.setMinHeight(Region.USE_PREF_SIZE);
        warnings.textProperty().bind(Bindings.createStringBinding(
                () -> "Workspace settings to check:\n• " + String.join("\n• ", vm.warnings()), vm.warnings()));
        HBox warningBox = new HBox(warnings);
        warningBox.getStyleClass().addAll("banner", "banner-warning");
        warningBox.visibleProperty().bind(Bindings.isNotEmpty(vm.warnings()));
        warningBox.managedProperty().bind(warningBox.visibleProperty());
        Label frozen = new Label();
        frozen.setId("policy-banner");
        frozen.setWrapText(true);
        frozen.textProperty().bind(vm.policyBannerProperty());
        HBox frozenBox = new HBox(frozen);
        frozenBox.getStyleClass().addAll("banner", "banner-warning");
        frozenBox.visibleProperty().bind(vm.policyBannerProperty().isNotEmpty());
        frozenBox.managedProperty().bind(frozenBox.visibleProperty());
        return new VBox(errorBox, noticeBox, warningBox, frozenBox);
    }
}
