package views.failed;

import atlantafx.base.theme.Styles;
import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import viewmodels.failed.FailedRow;
import viewmodels.failed.FailedTargetsViewModel;
import views.components.ColumnHeaders;
import views.components.OneLineCell;
import views.components.OpensAt;
import views.components.QuitFromDialog;
import views.shell.ShellView;

/**
 * Failed targets: a sortable table (click a header), Shift/Ctrl to select several, Delete or "Clear selected…"
 * asks for a reason after showing what will be removed; Enter on a row opens its loop's retro.
 */
public final class FailedTargetsView {

    private final FailedTargetsViewModel vm;
    private final BorderPane root = new BorderPane();
    private final TableView<FailedRow> table = new TableView<>();

    public FailedTargetsView(FailedTargetsViewModel vm) {
        this.vm = vm;
        root.getStylesheets().add(FailedTargetsView.class.getResource("/views/review/review.css").toExternalForm());
        root.getStylesheets().add(FailedTargetsView.class.getResource("/views/components/selection.css").toExternalForm());
        root.setPadding(new Insets(12));
        root.setTop(toolbar());
        root.setCenter(table());
        root.setBottom(historyPane());
        root.getProperties().put(ShellView.INITIAL_FOCUS, table);
        vm.refresh();
    }

    private Node toolbar() {
        ComboBox<String> project = new ComboBox<>(vm.projects());
        project.setId("failed-project");
        project.valueProperty().bindBidirectional(vm.projectProperty());
        TextField text = new TextField();
        text.setId("failed-filter");
        text.setPromptText("Filter by target, story or loop");
        text.textProperty().bindBidirectional(vm.textProperty());
        text.setOnKeyPressed(e -> { // Escape clears a filter; on an empty one it goes on to whoever else wants it
            if (e.getCode() == KeyCode.ESCAPE && !text.getText().isEmpty()) {
                vm.clearFilter();
                e.consume();
            }
        });
        HBox.setHgrow(text, Priority.ALWAYS);
        Button clear = new Button("Clear selected…");
        clear.setId("failed-clear");
        clear.getStyleClass().add(Styles.DANGER);
        clear.setOnAction(e -> confirmClear());
        clear.disableProperty().bind(Bindings.isEmpty(table.getSelectionModel().getSelectedItems()));
        Button prune = new Button("Prune expired…");
        prune.setId("failed-prune");
        prune.setOnAction(e -> confirmPrune());
        HBox bar = new HBox(8, project, text, clear, prune);
        bar.setAlignment(Pos.CENTER_LEFT);
        Label summary = label("failed-summary", Styles.TEXT_MUTED);
        summary.textProperty().bind(vm.summaryProperty());
        Label problems = label("failed-problems", "review-notice");
        problems.textProperty().bind(vm.problemsProperty());
        problems.visibleProperty().bind(vm.problemsProperty().isNotEmpty());
        problems.managedProperty().bind(problems.visibleProperty());
        Label message = label("failed-message", null);
        message.textProperty().bind(vm.messageProperty());
        // its line is kept when empty: "Cleared …" appearing never pushes the table down under the pointer
        message.minHeightProperty().bind(summary.heightProperty()); // one line of the summary's font, or its text
        VBox top = new VBox(8, bar, summary, problems, message);
        top.setPadding(new Insets(0, 0, 8, 0));
        return top;
    }

    private Node table() {
        table.setId("failed-table");
        table.setItems(vm.rows());
        OpensAt.follow(vm.openAt(), table, FailedRow::key);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        // every column keeps the width of what it shows; the story takes the rest, one line (docs/design.md, "Rows"):
        // a long title ends in "…" and its tooltip holds every story the row clears
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        table.getColumns().add(fixed(column("Project", FailedRow::project, 115)));
        table.getColumns().add(fixed(column("Target", FailedRow::target, 70)));
        TableColumn<FailedRow, String> story = column("Story", FailedRow::story, 230);
        story.setMinWidth(110);
        story.setCellFactory(c -> new OneLineCell<>());
        table.getColumns().add(story);
        TableColumn<FailedRow, String> loop = column("Loop (Enter: retro)", FailedRow::loop, 200);
        table.getColumns().add(fixed(loop));
        // sorted by when it failed (the TTL is the same for all, so one order sorts expiry too)
        TableColumn<FailedRow, Long> failed = new TableColumn<>("Failed");
        failed.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().failedAtMillis()));
        // one line a row (docs/design.md): its age, and "expired" once it is; the day, time and expiry in its tooltip
        failed.setCellFactory(c -> text(r -> r.failedAgo() + ("expired".equals(r.expiresIn()) ? " · expired" : "")));
        failed.setPrefWidth(146);
        table.getColumns().add(fixed(failed));
        TableColumn<FailedRow, Integer> times = new TableColumn<>("Times");
        times.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().times()));
        times.setPrefWidth(60);
        table.getColumns().add(fixed(times));
        TableColumn<FailedRow, String> stored = column("Stored in", r -> r.stored() + (r.flag() ? " ⚠" : ""), 125);
        stored.visibleProperty().bind(vm.storesShownProperty()); // without Redis every row says "index only"
        table.getColumns().add(fixed(stored));
        ColumnHeaders.keepWhole(table);
        Label empty = new Label();
        empty.setId("failed-empty");
        empty.setWrapText(true);
        empty.textProperty().bind(vm.emptyProperty());
        table.setPlaceholder(empty);
        table.getSelectionModel().getSelectedItems().addListener((ListChangeListener<FailedRow>) c ->
                vm.select(table.getSelectionModel().getSelectedItems().stream().map(FailedRow::key).toList()));
        // with nothing selected, the first Down (or Up) selects the first row — the table's focus sits on row 0, so
        // its own Down would move past it to the second
        table.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if ((e.getCode() == KeyCode.DOWN || e.getCode() == KeyCode.UP) && !e.isShiftDown()
                    && table.getSelectionModel().isEmpty() && !table.getItems().isEmpty()) {
                table.getSelectionModel().clearAndSelect(0);
                table.getFocusModel().focus(0);
                table.scrollTo(0);
                e.consume();
            }
        });
        table.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.DELETE || e.getCode() == KeyCode.BACK_SPACE) {
                confirmClear();
                e.consume();
            } else if (e.getCode() == KeyCode.ENTER) {
                vm.openLoop(table.getSelectionModel().getSelectedItem());
                e.consume();
            }
        });
        table.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) {
                vm.openLoop(table.getSelectionModel().getSelectedItem());
            }
        });
        return table;
    }

    private static <T> TableCell<FailedRow, T> text(Function<FailedRow, String> show) {
        return new TableCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                FailedRow row = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(row == null ? null : show.apply(row));
                setTooltip(row == null ? null : new Tooltip(row.whenLines())); // when it failed, how long ago, expiry
            }
        };
    }

    /** A column as wide as its pref width, neither shrunk nor grown by the table. */
    private static <T> TableColumn<FailedRow, T> fixed(TableColumn<FailedRow, T> column) {
        column.setMinWidth(column.getPrefWidth());
        column.setMaxWidth(column.getPrefWidth());
        return column;
    }

    private static TableColumn<FailedRow, String> column(String title, Function<FailedRow, String> get, double width) {
        TableColumn<FailedRow, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(get.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    private Node historyPane() {
        ListView<String> list = new ListView<>(vm.history());
        list.setId("failed-history");
        list.setPrefHeight(130);
        list.setPlaceholder(new Label("No clears or prunes yet."));
        Label title = new Label("History of clears and prunes (decision log)");
        title.getStyleClass().add(Styles.TITLE_4);
        VBox box = new VBox(6, title, list);
        box.setPadding(new Insets(8, 0, 0, 0));
        return box;
    }

    /** Like Clear: shows exactly what will be removed before anything is. */
    private void confirmPrune() {
        List<String> expired = vm.prunePreview();
        if (expired.isEmpty()) {
            vm.nothingToPrune();
            return;
        }
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(root.getScene().getWindow());
        dialog.setTitle("Prune expired failed targets");
        dialog.setHeaderText(expired.size() == 1
                ? "Prune this failed target? It is past its TTL; planners may retry it. It removes exactly:"
                : "Prune these " + expired.size() + " failed targets? They are past their TTL; planners may retry them. "
                + "It removes exactly:");
        TextArea preview = new TextArea(String.join("\n", expired));
        preview.setId("failed-prune-preview");
        preview.setEditable(false);
        preview.setWrapText(true);
        preview.setPrefRowCount(Math.min(8, expired.size() + 2)); // one line each, with room for a wrapped one
        dialog.getDialogPane().setContent(preview);
        ButtonType prune = new ButtonType("Prune", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(prune, ButtonType.CANCEL);
        // it deletes documents and nothing typed makes it deliberate (Clear asks for a reason first): as Revert in
        // Amendments, Enter cancels; Prune is clicked, or reached with Tab and pressed with Space
        ((Button) dialog.getDialogPane().lookupButton(prune)).setDefaultButton(false);
        ((Button) dialog.getDialogPane().lookupButton(ButtonType.CANCEL)).setDefaultButton(true);
        dialog.setOnShown(e -> dialog.getDialogPane().lookupButton(ButtonType.CANCEL).requestFocus());
        dialog.showAndWait().filter(b -> b == prune).ifPresent(b -> vm.prune());
    }

    private void confirmClear() {
        if (vm.selectedKeys().isEmpty()) {
            return;
        }
        Dialog<String> dialog = new Dialog<>();
        dialog.initOwner(root.getScene().getWindow());
        int n = vm.selectedKeys().size();
        dialog.setTitle(n == 1 ? "Clear " + vm.selectedKeys().get(0) : "Clear " + n + " failed targets");
        dialog.setHeaderText("Clear " + (n == 1 ? vm.selectedKeys().get(0) : "these " + n + " failed targets")
                + "? Planners may retry " + (n == 1 ? "it" : "them") + " then. It removes exactly:");
        TextArea preview = new TextArea(String.join("\n", vm.preview()));
        preview.setEditable(false);
        preview.setWrapText(true);
        preview.setPrefRowCount(6);
        TextField reason = new TextField();
        reason.setId("failed-reason");
        reason.setPromptText("Why may they be retried now? (required)");
        dialog.getDialogPane().setContent(new VBox(8, preview, new Label("Reason"), reason));
        ButtonType clear = new ButtonType("Clear", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(clear, ButtonType.CANCEL);
        // three spaces are no reason: the button waits for words (the view model refuses a blank one too)
        dialog.getDialogPane().lookupButton(clear).disableProperty().bind(Bindings.createBooleanBinding(
                () -> vm.isBlankReason(reason.getText()), reason.textProperty()));
        dialog.setResultConverter(b -> b == clear ? reason.getText() : null);
        dialog.setOnShown(e -> reason.requestFocus());
        QuitFromDialog.install(dialog, () -> !reason.getText().isBlank());
        dialog.showAndWait().ifPresent(vm::clearSelected);
    }

    private static Label label(String id, String style) {
        Label label = new Label();
        label.setId(id);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        if (style != null) {
            label.getStyleClass().add(style);
        }
        return label;
    }

    public Node root() {
        return root;
    }
}
