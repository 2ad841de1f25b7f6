package views.shell;

import java.util.List;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.StageStyle;
import javafx.stage.Window;
import viewmodels.shell.CommandPaletteViewModel;

/** The command palette's window: a search field over the entries; Enter runs the selected one, Esc closes. */
final class CommandPalette {

    private CommandPalette() {
    }

    static void show(Window owner, CommandPaletteViewModel vm, List<String> stylesheets) {
        Stage stage = new Stage(StageStyle.UNDECORATED);
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle("Command palette");
        TextField field = new TextField();
        field.setId("palette-query");
        field.setPromptText("Type a section, an action or a setting…  (Enter runs, Esc closes)");
        field.textProperty().bindBidirectional(vm.queryProperty());
        ListView<CommandPaletteViewModel.Entry> list = new ListView<>(vm.entries());
        list.setId("palette-list");
        list.setPrefHeight(360);
        Label none = new Label("Nothing by that name: try a section "
                + "(review), an action (sync, prune, revert, freeze) or a setting (redis).");
        none.setWrapText(true);
        none.setPadding(new Insets(12));
        list.setPlaceholder(none);
        list.setCellFactory(l -> new ListCell<>() {
            {
                setPrefWidth(0);
            }

            @Override
            protected void updateItem(CommandPaletteViewModel.Entry e, boolean empty) {
                super.updateItem(e, empty);
                if (empty || e == null) {
                    setGraphic(null);
                    return;
                }
                Label name = new Label(e.name());
                name.getStyleClass().add("palette-name");
                Label where = new Label(e.where());
                where.getStyleClass().add("palette-where");
                for (Label l : List.of(name, where)) { // a long entry wraps by words: never cut mid-phrase
                    l.setWrapText(true);
                    l.setMinHeight(Region.USE_PREF_SIZE);
                }
                Region gap = new Region();
                HBox.setHgrow(gap, Priority.ALWAYS);
                Label keys = new Label(e.keys());
                keys.getStyleClass().add("palette-keys");
                keys.setMinWidth(Region.USE_PREF_SIZE);
                keys.setVisible(e.hasKeys()); // no empty box beside an entry without a key
                keys.setManaged(e.hasKeys());
                VBox text = new VBox(1, name, where);
                HBox.setHgrow(text, Priority.ALWAYS);
                text.setMinWidth(0);
                HBox row = new HBox(12, text, gap, keys);
                row.setAlignment(Pos.CENTER_LEFT);
                setGraphic(row);
            }
        });
        vm.entries().addListener((ListChangeListener<CommandPaletteViewModel.Entry>) c -> {
            if (!vm.entries().isEmpty()) {
                list.getSelectionModel().selectFirst();
                list.scrollTo(0);
            }
        });
        list.getSelectionModel().selectFirst();
        Runnable runSelected = () -> {
            CommandPaletteViewModel.Entry chosen = list.getSelectionModel().getSelectedItem();
            stage.close();
            vm.run(chosen);
        };
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.DOWN) {
                list.getSelectionModel().selectNext();
                list.scrollTo(list.getSelectionModel().getSelectedIndex());
                e.consume();
            } else if (e.getCode() == KeyCode.UP) {
                list.getSelectionModel().selectPrevious();
                list.scrollTo(list.getSelectionModel().getSelectedIndex());
                e.consume();
            } else if (e.getCode() == KeyCode.ENTER) {
                runSelected.run();
                e.consume();
            }
        });
        list.setOnMouseClicked(e -> {
            if (e.getClickCount() >= 1 && list.getSelectionModel().getSelectedItem() != null) {
                runSelected.run();
            }
        });
        VBox box = new VBox(8, field, list);
        box.setPadding(new Insets(12));
        box.getStyleClass().add("command-palette");
        Scene scene = new Scene(box, 640, 430);
        scene.getStylesheets().addAll(stylesheets);
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                stage.close();
            }
        });
        stage.setScene(scene);
        stage.focusedProperty().addListener((o, was, now) -> {
            if (!now && stage.isShowing()) {
                stage.close(); // a click elsewhere closes it
            }
        });
        if (owner != null) {
            stage.setX(owner.getX() + (owner.getWidth() - 640) / 2);
            stage.setY(owner.getY() + 80);
        }
        stage.show();
        field.requestFocus();
    }
}
