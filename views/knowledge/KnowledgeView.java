package views.knowledge;

import atlantafx.base.theme.Styles;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import viewmodels.knowledge.EmbeddingsViewModel;
import viewmodels.knowledge.KnowledgeViewModel;
import viewmodels.knowledge.ResultRow;
import viewmodels.knowledge.SortChoice;
import viewmodels.knowledge.SyncViewModel;
import views.components.OneLineListCell;
import views.shell.ShellView;

/**
 * The Knowledge browser: search box, facets, results, and the detail pane with provenance. Ctrl+F searches,
 * Esc clears the filters, Down moves from the search box into the results.
 */
public final class KnowledgeView {

    private final KnowledgeViewModel vm;
    private final SyncViewModel sync;
    private final BorderPane root = new BorderPane();
    private final TextField search = new TextField();
    private final ListView<ResultRow> results = new ListView<>();

    private final EmbeddingsViewModel embeddings;

    public KnowledgeView(KnowledgeViewModel vm, SyncViewModel sync, EmbeddingsViewModel embeddings,
                         Consumer<String> openFile) {
        this.vm = vm;
        this.sync = sync;
        this.embeddings = embeddings;
        root.getStyleClass().add("knowledge");
        root.getStylesheets().add(KnowledgeView.class.getResource("/views/knowledge/knowledge.css").toExternalForm());
        root.setTop(toolbar());
        SplitPane split = new SplitPane(FacetPanel.of(vm), resultsPane(), DocumentPane.of(vm.detail(), vm::follow, openFile));
        split.setDividerPositions(0.22, 0.58);
        root.setCenter(split);
        root.setBottom(syncIssues());
        root.getProperties().put(ShellView.INITIAL_FOCUS, search);
        root.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN).match(e)) {
                search.requestFocus();
                e.consume();
            } else if (new KeyCodeCombination(KeyCode.M, KeyCombination.SHORTCUT_DOWN).match(e) && embeddings.available()) {
                vm.semanticProperty().set(!vm.semanticProperty().get());
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                vm.clearFilters();
                e.consume();
            } else if (e.isAltDown() && e.getCode() == KeyCode.LEFT) {
                vm.detail().back();
                e.consume();
            } else if (e.isAltDown() && e.getCode() == KeyCode.RIGHT) {
                vm.detail().forward();
                e.consume();
            }
        });
        root.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() == MouseButton.BACK) {
                vm.detail().back();
                e.consume();
            } else if (e.getButton() == MouseButton.FORWARD) {
                vm.detail().forward();
                e.consume();
            }
        });
        vm.search();
    }

    private Node toolbar() {
        search.setId("knowledge-search");
        search.setPromptText("Search brain notes, retros, lessons, ADRs, skills…  (Ctrl+F)");
        search.textProperty().bindBidirectional(vm.queryProperty());
        search.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.DOWN && !results.getItems().isEmpty()) {
                results.requestFocus();
                results.getSelectionModel().selectFirst();
                e.consume();
            }
        });
        HBox.setHgrow(search, Priority.ALWAYS);
        ComboBox<SortChoice> sort = new ComboBox<>();
        sort.setId("knowledge-sort");
        sort.getItems().setAll(SortChoice.values());
        sort.valueProperty().bindBidirectional(vm.sortProperty());
        sort.setConverter(new StringConverter<>() {
            @Override
            public String toString(SortChoice choice) {
                return choice == null ? "" : choice.label();
            }

            @Override
            public SortChoice fromString(String text) {
                return null;
            }
        });
        Button syncButton = new Button("Sync now");
        syncButton.setId("knowledge-sync");
        syncButton.setOnAction(e -> sync.syncNow());
        syncButton.disableProperty().bind(sync.runningProperty());
        syncButton.visibleProperty().bind(sync.runningProperty().not().and(
                Bindings.createBooleanBinding(() -> !sync.readOnly())));
        sync.massDeleteQuestionProperty().addListener((o, was, question) -> {
            if (!question.isEmpty()) {
                confirmMassDelete(question);
            }
        });
        Button cancel = new Button("Cancel sync");
        cancel.setOnAction(e -> sync.cancel());
        cancel.visibleProperty().bind(sync.runningProperty());
        // "Cancel sync" takes the place of "Sync now" while a sync runs: one slot as wide as the wider of the two,
        // so the search box keeps its width
        StackPane syncSlot = new StackPane(syncButton, cancel);
        syncSlot.setMinWidth(Region.USE_PREF_SIZE);
        Label last = new Label();
        last.setId("knowledge-sync-result");
        last.getStyleClass().add(Styles.TEXT_MUTED);
        last.setWrapText(true);
        last.setMinHeight(Region.USE_PREF_SIZE);
        last.textProperty().bind(sync.lastResultProperty());
        last.visibleProperty().bind(sync.lastResultProperty().isNotEmpty());
        last.managedProperty().bind(last.visibleProperty());
        ToggleButton semantic = new ToggleButton("Semantic");
        semantic.setId("knowledge-semantic");
        semantic.selectedProperty().bindBidirectional(vm.semanticProperty());
        semantic.setDisable(!embeddings.available());
        semantic.setTooltip(new Tooltip(embeddings.available()
                ? "Rank best matches by meaning as well as words (Ctrl+M)" : embeddings.unavailableReason()));
        HBox bar = new HBox(8, search, semantic, sort, syncSlot);
        bar.setAlignment(Pos.CENTER_LEFT);
        Label semanticStatus = new Label();
        semanticStatus.setId("knowledge-semantic-status");
        semanticStatus.getStyleClass().add(Styles.TEXT_MUTED);
        semanticStatus.setWrapText(true);
        semanticStatus.setMinHeight(Region.USE_PREF_SIZE);
        semanticStatus.textProperty().bind(embeddings.statusProperty());
        ProgressBar embedding = new ProgressBar();
        embedding.setPrefWidth(120);
        embedding.progressProperty().bind(embeddings.progressProperty());
        Button stop = new Button("Cancel");
        stop.setId("knowledge-semantic-cancel");
        stop.getStyleClass().add(Styles.SMALL);
        stop.setOnAction(e -> embeddings.cancel());
        for (Node n : List.of(embedding, stop)) {
            n.visibleProperty().bind(embeddings.runningProperty());
            n.managedProperty().bind(n.visibleProperty());
        }
        stop.setMinWidth(Region.USE_PREF_SIZE);
        embedding.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(last, Priority.SOMETIMES);
        HBox.setHgrow(semanticStatus, Priority.SOMETIMES);
        HBox statusLine = new HBox(8, last, semanticStatus, embedding, stop);
        statusLine.setAlignment(Pos.CENTER_LEFT);
        VBox top = new VBox(4, bar, statusLine);
        top.setPadding(new Insets(12, 12, 8, 12));
        return top;
    }

    private Node resultsPane() {
        results.setId("knowledge-results");
        results.setItems(vm.results());
        results.setCellFactory(list -> {
            ResultCell cell = new ResultCell();
            cell.setPrefWidth(0); // never wider than the list: long titles end in an ellipsis, no sideways scrolling
            return cell;
        });
        results.getSelectionModel().selectedItemProperty().addListener((obs, old, row) -> vm.select(row));
        // the list selects the document the pane shows (after Back, Forward, a provenance link or an open from
        // another section), or no row at all — an emptied pane or a document not among the results — never another
        vm.detail().idProperty().addListener((obs, old, id) -> {
            int at = vm.resultIndexOf(id);
            if (at < 0) {
                results.getSelectionModel().clearSelection();
            } else if (results.getSelectionModel().getSelectedIndex() != at) {
                results.getSelectionModel().clearAndSelect(at);
                results.scrollTo(at);
            }
        });
        // the same search again (a sync or the embedding finished) makes the rows anew: the row of the document
        // shown is selected again, not left unmarked
        vm.results().addListener((ListChangeListener<ResultRow>) c -> {
            int at = vm.resultIndexOf(vm.detail().idProperty().get());
            if (at >= 0 && results.getSelectionModel().getSelectedIndex() != at) {
                results.getSelectionModel().clearAndSelect(at);
            }
        });
        Label summary = new Label();
        summary.setId("knowledge-summary");
        summary.getStyleClass().add(Styles.TEXT_MUTED);
        summary.textProperty().bind(vm.summaryProperty());
        // "117 documents · by words and meaning · 11.6 ms" is wider than the results column at 1100 px: it wraps
        // by words there, never cut, and stays one line where it fits — also when the problems pane below takes
        // the height: the result list gives it up, never the summary's second line. Its height is asked at the
        // column's width (a VBox asks so; an HBox beside Load more asked it at the label's least width, one word a
        // line, and the screen grew taller than the window)
        summary.setWrapText(true);
        summary.setMinHeight(Region.USE_PREF_SIZE);
        summary.setMaxWidth(Double.MAX_VALUE);
        Button more = new Button("Load more");
        more.setOnAction(e -> vm.loadMore());
        more.visibleProperty().bind(vm.hasMoreProperty());
        more.managedProperty().bind(more.visibleProperty());
        Label message = new Label();
        message.setId("knowledge-message");
        message.setWrapText(true);
        message.getStyleClass().add("empty-state");
        message.textProperty().bind(vm.messageProperty());
        Button syncNow = new Button("Sync now");
        syncNow.setOnAction(e -> sync.syncNow());
        syncNow.visibleProperty().bind(vm.indexEmptyProperty().and(sync.runningProperty().not()));
        VBox empty = new VBox(12, message, syncNow);
        empty.setAlignment(Pos.CENTER);
        empty.setPadding(new Insets(24));
        empty.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        empty.setMouseTransparent(false);
        results.visibleProperty().bind(vm.messageProperty().isEmpty());
        StackPane stack = new StackPane(results, empty);
        VBox.setVgrow(stack, Priority.ALWAYS);
        HBox moreRow = new HBox(more);
        moreRow.setAlignment(Pos.CENTER_RIGHT);
        moreRow.visibleProperty().bind(vm.hasMoreProperty());
        moreRow.managedProperty().bind(moreRow.visibleProperty());
        VBox footer = new VBox(4, summary, moreRow);
        footer.setPadding(new Insets(4, 8, 4, 8));
        return new VBox(stack, footer);
    }

    private Node syncIssues() {
        ListView<String> list = new ListView<>(sync.issues());
        list.setId("sync-issues");
        list.setCellFactory(l -> new OneLineListCell()); // one line a file, the whole problem in its tooltip
        list.setFixedCellSize(28);
        list.setPrefHeight(5 * 28 + 4);
        TitledPane pane = new TitledPane();
        pane.getStyleClass().add("sync-issues-pane"); // a caption at the body's size, inside the screen's margin
        BorderPane.setMargin(pane, new Insets(0, 12, 8, 12));
        pane.textProperty().bind(sync.issuesTitleProperty()); // the same count as the sync line beside it
        pane.setContent(list);
        pane.setExpanded(false);
        pane.visibleProperty().bind(Bindings.isNotEmpty(sync.issues()));
        pane.managedProperty().bind(pane.visibleProperty());
        return pane;
    }

    public Node root() {
        return root;
    }

    private void confirmMassDelete(String question) {
        Alert confirm = new Alert(
                Alert.AlertType.CONFIRMATION, question + "\n\nDelete their documents from the index?",
                ButtonType.OK, ButtonType.CANCEL);
        if (root.getScene() != null) {
            confirm.initOwner(root.getScene().getWindow());
        }
        confirm.setHeaderText("Many files are gone");
        confirm.getDialogPane().setId("knowledge-mass-delete");
        boolean ok = confirm.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
        if (ok) {
            sync.confirmMassDelete();
        } else {
            sync.declineMassDelete();
        }
    }
}
