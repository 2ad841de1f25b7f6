package views.shell;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import viewmodels.shell.ShellViewModel;

/**
 * The status bar: on the left what the window sets ({@code statusLeft}: index backend, document count, last sync)
 * and the shared review branch's state ({@code sharing}: decisions not pushed, ahead / behind), then the running
 * task with its progress and Cancel while one runs, and the open workspace's folder on the right.
 */
final class StatusBar {

    private StatusBar() {
    }

    static Node of(ShellViewModel vm, Label statusLeft, Node sharing) {
        statusLeft.setId("status-index");
        ProgressBar progress = new ProgressBar();
        progress.setPrefWidth(140);
        progress.progressProperty().bind(vm.tasks().progressProperty());
        // the task's name stays whole ("Embedding documents", never "Embedding docum…"); what it says after the name
        // gives way first ("Sync: system/brain/…"), before the path; the whole message is the tooltip of both
        Label name = new Label();
        name.setId("status-task");
        name.textProperty().bind(vm.tasks().nameProperty());
        name.setMinWidth(Region.USE_PREF_SIZE);
        Label detail = new Label();
        detail.setId("status-task-detail");
        detail.textProperty().bind(Bindings.when(vm.tasks().detailProperty().isEmpty()).then("")
                .otherwise(Bindings.concat(": ", vm.tasks().detailProperty())));
        detail.setMinWidth(0);
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(vm.tasks().messageProperty());
        name.setTooltip(whole);
        detail.setTooltip(whole);
        HBox task = new HBox(name, detail);
        task.setAlignment(Pos.CENTER_LEFT);
        // one width whatever the task says: the progress bar and Cancel stay put as the file names go by (they moved
        // with every new label, so a click meant for Cancel could miss)
        task.setPrefWidth(320);
        task.setMaxWidth(320);
        // and a narrow window shrinks it to one width too, not to its name's (which moved the bar by each task's name)
        task.setMinWidth(200);
        progress.setId("status-progress");
        Button cancel = new Button("Cancel");
        cancel.setId("status-cancel");
        cancel.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        // a click cancels; the keyboard never lands here by itself (it showed up focused at start-up, so a Space in
        // the first seconds cancelled the first sync) — Knowledge's Sync now has its own Cancel for the keyboard
        cancel.setFocusTraversable(false);
        cancel.setOnAction(e -> vm.tasks().cancelAll());
        cancel.setMinWidth(Region.USE_PREF_SIZE); // never "C…": the task text gives way first
        progress.setMinWidth(Region.USE_PREF_SIZE);
        HBox taskBox = new HBox(8, task, progress, cancel);
        taskBox.setAlignment(Pos.CENTER_RIGHT);
        taskBox.visibleProperty().bind(vm.tasks().runningProperty());
        taskBox.managedProperty().bind(taskBox.visibleProperty());
        statusLeft.setMinWidth(Region.USE_PREF_SIZE);
        Label workspace = new Label();
        workspace.setId("status-workspace");
        workspace.getStyleClass().add(Styles.TEXT_MUTED);
        workspace.textProperty().bind(vm.workspacePathProperty());
        workspace.setTextOverrun(OverrunStyle.LEADING_ELLIPSIS); // a long path keeps its end
        workspace.setMinWidth(240); // never cut to "…orkspace": at least the last folders of the path show
        Tooltip path = new Tooltip();
        path.textProperty().bind(vm.workspacePathProperty());
        workspace.setTooltip(path);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(16, statusLeft, sharing, spacer, taskBox, workspace);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("status-bar");
        return bar;
    }
}
