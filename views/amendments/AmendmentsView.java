package views.amendments;

import atlantafx.base.theme.Styles;
import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.util.StringConverter;
import viewmodels.amendments.AmendmentRow;
import viewmodels.amendments.AmendmentsViewModel;
import viewmodels.amendments.ImpactRow;
import viewmodels.amendments.ImpactWindow;
import viewmodels.amendments.RevertQuestion;
import views.components.ColumnHeaders;
import views.components.DiffView;
import views.components.QuitFromDialog;
import views.shell.ShellView;

/**
 * Dream amendments: the list (Shift/Ctrl to select several), the selected one's diff and impact, and revert.
 * Keys: arrows move, Delete or Backspace reverts the selection (after a confirmation).
 */
public final class AmendmentsView {

    private final AmendmentsViewModel vm;
    private final BorderPane root = new BorderPane();
    private final ListView<AmendmentRow> list = new ListView<>();

    public AmendmentsView(AmendmentsViewModel vm) {
        this.vm = vm;
        root.getStylesheets().add(AmendmentsView.class.getResource("/views/review/review.css").toExternalForm());
        root.getStylesheets().add(AmendmentsView.class.getResource("/views/components/selection.css").toExternalForm());
        SplitPane split = new SplitPane(listPane(), detailPane());
        split.setDividerPositions(0.36);
        root.setCenter(split);
        root.getProperties().put(ShellView.INITIAL_FOCUS, list);
        vm.refresh();
    }

    private Node listPane() {
        TextField filter = new TextField();
        filter.setId("amendments-filter");
        filter.setPromptText("Target or id"); // whole in the narrow list column at 1100 px
        filter.textProperty().bindBidirectional(vm.targetFilterProperty());
        ComboBox<AmendmentsViewModel.StatusFilter> status = new ComboBox<>();
        status.getItems().setAll(AmendmentsViewModel.StatusFilter.values());
        status.valueProperty().bindBidirectional(vm.statusFilterProperty());
        status.setConverter(new StringConverter<>() {
            @Override
            public String toString(AmendmentsViewModel.StatusFilter f) {
                return f == null ? "" : f.label();
            }

            @Override
            public AmendmentsViewModel.StatusFilter fromString(String s) {
                return null;
            }
        });
        HBox.setHgrow(filter, Priority.ALWAYS);
        HBox filters = new HBox(8, filter, status);
        list.setId("amendments-list");
        list.setItems(vm.rows());
        list.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        list.setCellFactory(l -> new RowCell());
        list.getSelectionModel().getSelectedItems().addListener((ListChangeListener<AmendmentRow>) c ->
                vm.select(list.getSelectionModel().getSelectedItems().stream().map(AmendmentRow::sha).toList()));
        vm.selectionProperty().addListener((o, a, shas) -> showSelection(shas));
        vm.rows().addListener((ListChangeListener<AmendmentRow>) c -> showSelection(vm.selectionProperty().get()));
        list.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.DELETE || e.getCode() == KeyCode.BACK_SPACE) {
                confirmRevert();
                e.consume();
            }
        });
        Label problems = new Label();
        problems.setId("amendments-problems");
        problems.setWrapText(true);
        problems.setMinHeight(Region.USE_PREF_SIZE);
        problems.getStyleClass().add("review-notice");
        problems.textProperty().bind(vm.problemsProperty());
        problems.visibleProperty().bind(vm.problemsProperty().isNotEmpty());
        problems.managedProperty().bind(problems.visibleProperty());
        VBox.setVgrow(list, Priority.ALWAYS);
        VBox box = new VBox(8, filters, problems, list);
        box.setPadding(new Insets(12));
        return box;
    }

    /** The list shows the view model's selection (kept on the amendments acted on after a refresh). */
    private void showSelection(List<String> shas) {
        List<String> now = list.getSelectionModel().getSelectedItems().stream().map(AmendmentRow::sha).toList();
        if (now.equals(shas)) {
            return;
        }
        list.getSelectionModel().clearSelection();
        for (int i = 0; i < vm.rows().size(); i++) {
            if (shas.contains(vm.rows().get(i).sha())) {
                list.getSelectionModel().select(i);
            }
        }
        vm.rows().stream().filter(r -> !shas.isEmpty() && r.sha().equals(shas.get(0))).findFirst().ifPresent(list::scrollTo);
    }

    private Node detailPane() {
        Label heading = new Label();
        heading.setId("amendments-heading");
        heading.getStyleClass().add(Styles.TITLE_4);
        heading.setWrapText(true);
        heading.setMinHeight(Region.USE_PREF_SIZE);
        heading.textProperty().bind(vm.headingProperty());
        Label details = new Label();
        details.setId("amendments-details");
        details.setWrapText(true);
        details.setMinHeight(Region.USE_PREF_SIZE);
        details.getStyleClass().add(Styles.TEXT_MUTED);
        details.textProperty().bind(vm.detailsProperty());
        Button revert = new Button("Revert selected…");
        revert.setId("amendments-revert");
        revert.getStyleClass().add(Styles.DANGER);
        revert.setOnAction(e -> confirmRevert());
        revert.disableProperty().bind(vm.revertableProperty().not()); // reverted, or its commit missing
        revert.setMinWidth(Region.USE_PREF_SIZE);
        Label message = new Label();
        message.setId("amendments-message");
        message.setWrapText(true);
        message.setMinHeight(Region.USE_PREF_SIZE);
        message.textProperty().bind(vm.messageProperty());
        Label keys = new Label("Shift / Ctrl select several · Delete reverts the selection, newest first");
        keys.getStyleClass().add(Styles.TEXT_MUTED);
        keys.setWrapText(true);
        keys.setMinHeight(Region.USE_PREF_SIZE);
        Button revertRun = new Button("Revert whole run…");
        revertRun.setId("amendments-revert-run");
        revertRun.getStyleClass().add(Styles.DANGER);
        revertRun.setOnAction(e -> confirmRunRevert());
        revertRun.disableProperty().bind(vm.runRevertableProperty().not());
        revertRun.setMinWidth(Region.USE_PREF_SIZE);
        HBox actions = new HBox(12, revert, revertRun, keys);
        actions.setAlignment(Pos.CENTER_LEFT);
        DiffView diff = new DiffView(vm.diff());
        diff.setId("amendments-diff");
        VBox.setVgrow(diff, Priority.ALWAYS);
        // the actions come first: a heading or details of another length never moves the button under the pointer
        VBox box = new VBox(8, actions, heading, details, message, diff, impact());
        box.setPadding(new Insets(12));
        return box;
    }

    private Node impact() {
        Label title = new Label("Impact: loop outcomes before and after, per project, within");
        ImpactWindow window = vm.impactWindow();
        TextField days = new TextField();
        days.setId("amendments-days");
        days.setPrefColumnCount(3);
        days.textProperty().bindBidirectional(window.textProperty());
        days.setOnAction(e -> window.commit());
        days.setOnKeyPressed(e -> { // as a spinner's arrows did: Up and Down step a day
            if (e.getCode() == KeyCode.UP || e.getCode() == KeyCode.DOWN) {
                window.step(e.getCode() == KeyCode.UP ? 1 : -1);
                days.end();
                e.consume();
            }
        });
        days.focusedProperty().addListener((o, was, now) -> {
            if (!now) {
                window.commit();
            }
        });
        Label unit = new Label("days");
        HBox head = new HBox(8, title, days, unit);
        head.setAlignment(Pos.CENTER_LEFT);
        // the line under the field: its range, or while the text is refused, why in red (as Settings' fields say it);
        // as tall with either, so the table does not move when a message comes or goes
        Label hint = new Label(ImpactWindow.MIN + " to " + ImpactWindow.MAX + " days either side of the amendment");
        hint.getStyleClass().addAll(Styles.TEXT_MUTED, Styles.TEXT_SMALL);
        hint.visibleProperty().bind(window.errorProperty().isEmpty());
        Label error = new Label();
        error.setId("amendments-days-error");
        error.getStyleClass().addAll(Styles.DANGER, Styles.TEXT_SMALL);
        error.setWrapText(true);
        error.setMinHeight(Region.USE_PREF_SIZE);
        error.textProperty().bind(window.errorProperty());
        error.visibleProperty().bind(window.errorProperty().isNotEmpty());
        StackPane line = new StackPane(hint, error);
        line.setAlignment(Pos.TOP_LEFT);
        TableView<ImpactRow> table = new TableView<>(vm.impact());
        table.setId("amendments-impact");
        table.setPrefHeight(170);
        table.setMinHeight(170);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<ImpactRow, String> project = column("Project", ImpactRow::project, 150);
        project.setMinWidth(150); // "course-builder" whole: the wrap breaks a name only when no width is left
        table.getColumns().add(project);
        table.getColumns().add(column("Before", ImpactRow::before, 280));
        table.getColumns().add(column("After", ImpactRow::after, 280));
        ColumnHeaders.keepWhole(table);
        table.setPlaceholder(new Label("No retros in this window."));
        return new VBox(4, head, line, table);
    }

    private static TableColumn<ImpactRow, String> column(String title, Function<ImpactRow, String> get,
                                                         double width) {
        TableColumn<ImpactRow, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(get.apply(cell.getValue())));
        c.setPrefWidth(width);
        // a figure never ends in "…": the text wraps by words within its column and the row grows
        c.setCellFactory(col -> new TableCell<>() {
            private final Text text = new Text();

            {
                text.wrappingWidthProperty().bind(col.widthProperty().subtract(12));
                text.getStyleClass().add("impact-text");
            }

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                text.setText(empty || item == null ? "" : item);
                setText(null);
                setGraphic(empty || item == null ? null : text);
            }
        });
        return c;
    }

    private void confirmRevert() {
        int n = vm.selectedCount();
        if (n == 0) {
            return;
        }
        if (!vm.revertableProperty().get()) {
            vm.revertSelected(); // nothing to ask: the service refuses a reverted or commit-missing one and says why
            return;
        }
        RevertQuestion question = vm.revertQuestion();
        ButtonType revert = new ButtonType(question.confirm(), ButtonBar.ButtonData.OK_DONE);
        Alert confirm = new Alert(Alert.AlertType.CONFIRMATION, question.body(), revert, ButtonType.CANCEL);
        confirm.initOwner(root.getScene().getWindow());
        confirm.setTitle(question.title());
        confirm.setHeaderText(question.heading());
        // nothing typed makes this deliberate (Reject and Clear ask for a reason first): Enter cancels; Revert is
        // clicked, or reached with Tab and pressed with Space
        ((Button) confirm.getDialogPane().lookupButton(revert)).setDefaultButton(false);
        ((Button) confirm.getDialogPane().lookupButton(ButtonType.CANCEL)).setDefaultButton(true);
        confirm.setOnShown(e -> confirm.getDialogPane().lookupButton(ButtonType.CANCEL).requestFocus());
        confirm.showAndWait().filter(b -> b == revert).ifPresent(b -> vm.revertSelected());
    }

    /** The whole-run confirmation: the commits newest first, and a reason without which Revert stays disabled. */
    private void confirmRunRevert() {
        RevertQuestion question = vm.runQuestion();
        ButtonType revert = new ButtonType(question.confirm(), ButtonBar.ButtonData.OK_DONE);
        Dialog<ButtonType> confirm = new Dialog<>();
        confirm.initOwner(root.getScene().getWindow());
        confirm.setTitle(question.title());
        confirm.setHeaderText(question.heading());
        Label body = new Label(question.body());
        body.setId("amendments-run-commits");
        body.setWrapText(true);
        TextArea reason = new TextArea();
        reason.setId("amendments-run-reason");
        reason.setPromptText("Why (kept in the record)");
        reason.setPrefRowCount(3);
        reason.setWrapText(true);
        confirm.getDialogPane().setContent(new VBox(8, body, new Label("Reason"), reason));
        confirm.getDialogPane().getButtonTypes().setAll(revert, ButtonType.CANCEL);
        Button ok = (Button) confirm.getDialogPane().lookupButton(revert);
        ok.setDefaultButton(false);
        ok.disableProperty().bind(Bindings.createBooleanBinding(() -> reason.getText().isBlank(),
                reason.textProperty()));
        confirm.setOnShown(e -> reason.requestFocus());
        QuitFromDialog.install(confirm, () -> !reason.getText().isBlank());
        confirm.showAndWait().filter(b -> b == revert).ifPresent(b -> vm.revertRun(reason.getText().strip()));
    }

    public Node root() {
        return root;
    }

    /**
     * An amendment: its status badge and id, then its kind, target, day and commit — wrapped by words at the list's
     * width (a long skill path or the commit id never ends in "…").
     */
    private static final class RowCell extends ListCell<AmendmentRow> {
        private final Text about = new Text();
        private final Text when = new Text();

        RowCell() {
            setPrefWidth(0);
            setStyle("-fx-cell-size: 24; -fx-padding: 0.3em 0.5em 0.3em 0.5em"); // the row grows to its lines
            for (Text t : List.of(about, when)) {
                t.setStyle("-fx-fill: -color-fg-muted;");
                t.fontProperty().bind(fontProperty());
                listViewProperty().addListener((o, a, l) -> {
                    t.wrappingWidthProperty().unbind();
                    if (l != null) {
                        t.wrappingWidthProperty().bind(l.widthProperty().subtract(40));
                    }
                });
            }
        }

        @Override
        protected void updateItem(AmendmentRow row, boolean empty) {
            super.updateItem(row, empty);
            setText(null);
            if (empty || row == null) {
                setGraphic(null);
                return;
            }
            Label status = new Label(row.status());
            status.getStyleClass().addAll("state-badge", "state-" + row.status().split(" ")[0]);
            status.setMinWidth(Region.USE_PREF_SIZE);
            Label id = new Label(row.id());
            id.getStyleClass().add(Styles.TEXT_BOLD);
            id.setMinWidth(Region.USE_PREF_SIZE);
            HBox first = new HBox(6, status, id);
            first.setAlignment(Pos.CENTER_LEFT);
            about.setText(row.kind() + " · " + row.target());
            when.setText(row.date() + " · commit " + row.shortSha());
            setGraphic(new VBox(2, first, about, when));
        }
    }
}
