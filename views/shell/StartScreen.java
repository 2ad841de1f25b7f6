package views.shell;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.text.TextAlignment;
import viewmodels.shell.ShellViewModel;

/**
 * What the window shows while no workspace is open: while one opens, which one, with a progress indicator; when
 * none is opening (the last one could not be opened), the way out — open a folder, a recent one, or the demo.
 */
final class StartScreen {

    private StartScreen() {
    }

    static Node of(ShellViewModel vm, Runnable chooseWorkspace) {
        BooleanBinding opening = vm.openingProperty().isNotEmpty();
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setId("start-progress");
        spinner.setPrefSize(36, 36);
        Label title = new Label();
        title.setId("start-title");
        title.getStyleClass().add(Styles.TITLE_3);
        title.setWrapText(true);
        title.setMaxWidth(640);
        title.textProperty().bind(Bindings.when(opening).then("Opening a workspace…").otherwise("No workspace open"));
        Label which = new Label(); // which one: "the demo workspace in /home/…/demo-workspace"
        which.setId("start-opening");
        which.textProperty().bind(vm.openingProperty());
        which.setWrapText(true);
        which.setMaxWidth(640);
        which.setTextAlignment(TextAlignment.CENTER);
        which.getStyleClass().add(Styles.TEXT_MUTED);
        which.visibleProperty().bind(opening);
        which.managedProperty().bind(which.visibleProperty());
        Label hint = new Label();
        hint.setWrapText(true);
        hint.setMaxWidth(560);
        hint.setTextAlignment(TextAlignment.CENTER);
        hint.textProperty().bind(Bindings.when(opening)
                .then("Its sections appear here as soon as it is open.")
                .otherwise(Bindings.when(vm.errorMessageProperty().isNotEmpty())
                        .then("The message above says why the last one could not be opened. Open a workspace "
                                + "folder (it holds workspace.json), one you used before, or the demo workspace to "
                                + "look around.")
                        .otherwise("Open a workspace folder (it holds workspace.json), one you used before, or the "
                                + "demo workspace to look around.")));
        Button open = new Button("Open a workspace…");
        open.setId("empty-open");
        open.getStyleClass().add(Styles.ACCENT);
        open.setOnAction(e -> chooseWorkspace.run());
        MenuButton recent = new MenuButton("Open recent");
        recent.setId("empty-recent");
        recent.getItems().setAll(vm.recentWorkspaces().stream().map(path -> {
            MenuItem item = new MenuItem(path.toString());
            item.setMnemonicParsing(false);
            item.setOnAction(e -> vm.openWorkspace(path));
            return item;
        }).toList());
        recent.setDisable(recent.getItems().isEmpty());
        Button demo = new Button("Open the demo");
        demo.setId("empty-demo");
        demo.setOnAction(e -> vm.openDemo());
        HBox actions = new HBox(8, open, recent, demo);
        actions.setAlignment(Pos.CENTER);
        // the choices only when nothing is opening: offering them meanwhile invites opening a second one
        actions.visibleProperty().bind(opening.not());
        actions.managedProperty().bind(actions.visibleProperty());
        spinner.visibleProperty().bind(opening);
        spinner.managedProperty().bind(spinner.visibleProperty());
        for (Label centred : new Label[] {title, which, hint}) { // centred under the spinner, however long the path
            centred.setAlignment(Pos.CENTER);
            centred.setTextAlignment(TextAlignment.CENTER);
        }
        VBox box = new VBox(12, spinner, title, which, hint, actions);
        box.setId("no-workspace");
        box.setAlignment(Pos.CENTER);
        return box;
    }
}
