package views.inbox;

import atlantafx.base.controls.Message;
import atlantafx.base.controls.Spacer;
import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;
import views.components.Icons;
import views.components.OneLineListCell;
import views.shell.ShellView;
import viewmodels.inbox.InboxRow;
import viewmodels.inbox.InboxViewModel;

/**
 * The inbox: one list of what waits for a person, most urgent first. Each row is an icon of its kind, one line
 * saying what, one muted line saying why now, and its age; Enter (or a double click) opens where it is acted on,
 * j / k move. Empty: one calm line. The keys are in the footer, never in the body.
 */
public final class InboxView {

    private final InboxViewModel vm;
    private final BorderPane root = new BorderPane();
    private final ListView<InboxRow> list = new ListView<>();

    public InboxView(InboxViewModel vm) {
        this.vm = vm;
        root.getStyleClass().add("inbox");
        root.getStylesheets().add(InboxView.class.getResource("/views/inbox/inbox.css").toExternalForm());

        Label title = new Label("Inbox");
        title.getStyleClass().add(Styles.TITLE_3);
        Label summary = new Label();
        summary.setId("inbox-summary");
        summary.getStyleClass().add(Styles.TEXT_MUTED);
        summary.textProperty().bind(vm.summaryProperty());
        HBox header = new HBox(12, title, summary);
        header.setAlignment(Pos.BASELINE_LEFT);
        header.getStyleClass().add("inbox-header");

        list.setId("inbox-list");
        list.setItems(vm.rows());
        list.setCellFactory(v -> new RowCell());
        list.setFixedCellSize(52); // every row two lines (what, why now): one height, measured once
        list.getStyleClass().add(Styles.STRIPED);
        list.getSelectionModel().selectedIndexProperty().addListener((o, was, now) -> {
            if (now.intValue() >= 0 && now.intValue() != vm.selectedProperty().get()) {
                vm.select(now.intValue());
            }
        });
        vm.selectedProperty().addListener((o, was, now) -> selectInList(now.intValue()));
        vm.rows().addListener((ListChangeListener<InboxRow>) c ->
                selectInList(vm.selectedProperty().get()));
        list.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                vm.openSelected();
                e.consume();
            } else if (e.getCode() == KeyCode.J && !e.isShortcutDown()) {
                vm.selectNext();
                e.consume();
            } else if (e.getCode() == KeyCode.K && !e.isShortcutDown()) {
                vm.selectPrevious();
                e.consume();
            }
        });
        list.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                vm.openSelected();
            }
        });

        Label calm = new Label();
        calm.setId("inbox-state");
        calm.textProperty().bind(vm.stateProperty());
        calm.getStyleClass().add(Styles.TITLE_4);
        FontIcon check = new FontIcon(Feather.CHECK_CIRCLE);
        check.getStyleClass().add("inbox-calm-icon");
        check.visibleProperty().bind(vm.stateProperty().isEqualTo(InboxViewModel.EMPTY));
        VBox calmBox = new VBox(12, check, calm);
        calmBox.setAlignment(Pos.CENTER);
        Message error = new Message("Could not read the inbox", "");
        error.setId("inbox-error");
        error.getStyleClass().add(Styles.DANGER);
        error.descriptionProperty().bind(vm.stateProperty());
        error.visibleProperty().bind(vm.failedProperty());
        error.managedProperty().bind(error.visibleProperty());
        calmBox.visibleProperty().bind(vm.failedProperty().not());
        list.setPlaceholder(calmBox);
        Label receiptsTitle = new Label("Applied by the trust dial in the last day");
        receiptsTitle.getStyleClass().addAll(Styles.TEXT_MUTED, Styles.TEXT_SMALL);
        ListView<String> receipts = new ListView<>(vm.receipts());
        receipts.setId("inbox-receipts");
        receipts.setFocusTraversable(false);
        receipts.setFixedCellSize(28);
        receipts.setCellFactory(l -> new OneLineListCell()); // one line each, the whole receipt in its tooltip
        receipts.prefHeightProperty().bind(Bindings.min(6, Bindings.size(
                vm.receipts())).multiply(28).add(4));
        VBox receiptsBox = new VBox(4, receiptsTitle, receipts);
        receiptsBox.visibleProperty().bind(Bindings.isNotEmpty(vm.receipts()));
        receiptsBox.managedProperty().bind(receiptsBox.visibleProperty());
        VBox center = new VBox(8, error, list, receiptsBox);
        VBox.setVgrow(list, Priority.ALWAYS);

        Label keys = new Label("Enter  open where it is acted on     j / k  move     Ctrl+2 … Ctrl+0  sections");
        keys.setId("inbox-keys");
        keys.getStyleClass().add("keys-footer");

        root.setTop(header);
        root.setCenter(center);
        root.setBottom(keys);
        BorderPane.setMargin(center, new Insets(0, 16, 0, 16));
        root.getProperties().put(ShellView.INITIAL_FOCUS, list); // Enter opens the first item at once
    }

    private void selectInList(int index) {
        if (index >= 0 && index < list.getItems().size() && list.getSelectionModel().getSelectedIndex() != index) {
            list.getSelectionModel().select(index);
            list.scrollTo(Math.max(0, index - 3));
        } else if (index < 0) {
            list.getSelectionModel().clearSelection();
        }
    }

    public Node root() {
        return root;
    }

    /** One row: the icon of its kind (coloured by its tone), what, why now (muted), its age on the right. */
    private static final class RowCell extends ListCell<InboxRow> {
        @Override
        protected void updateItem(InboxRow row, boolean empty) {
            super.updateItem(row, empty);
            if (empty || row == null) {
                setGraphic(null);
                setText(null);
                setTooltip(null);
                return;
            }
            FontIcon icon = Icons.ofKind(row.kind());
            icon.getStyleClass().addAll("inbox-icon", "tone-" + row.tone());
            Label what = new Label(row.what());
            what.getStyleClass().add("inbox-what");
            what.setTextOverrun(OverrunStyle.ELLIPSIS);
            Label why = new Label(row.kindWords() + " · " + row.why());
            why.getStyleClass().addAll(Styles.TEXT_MUTED, Styles.TEXT_SMALL);
            why.setTextOverrun(OverrunStyle.ELLIPSIS);
            VBox text = new VBox(2, what, why);
            text.setMinWidth(0);
            HBox.setHgrow(text, Priority.ALWAYS);
            Label age = new Label(row.age());
            age.getStyleClass().addAll(Styles.TEXT_MUTED, Styles.TEXT_SMALL, "inbox-age");
            age.setMinWidth(Label.USE_PREF_SIZE);
            HBox line = new HBox(12, icon, text, new Spacer(), age);
            line.setAlignment(Pos.CENTER_LEFT);
            line.getStyleClass().add("inbox-row");
            setText(null);
            setGraphic(line);
            setPrefWidth(0); // the row follows the list's width: long text is cut with an ellipsis, never wrapped
            setTooltip(new Tooltip(row.what() + "\n" + row.why()));
        }
    }
}
