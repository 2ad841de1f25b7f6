package views.review;

import atlantafx.base.theme.Styles;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
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
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import viewmodels.review.QueueRow;
import viewmodels.review.ReviewViewModel;
import views.components.DiffView;
import views.components.Icons;
import views.components.TabMovesFocus;
import views.components.QuitFromDialog;
import views.shell.ShellView;

/**
 * The review queue and the selected proposal's diff. Keys: j/k or arrows move, a approve, r reject (asks for a
 * reason), c request changes (asks for feedback), e edit then approve, d unified / side by side, s show / hide the
 * stories of the effect on recall.
 */
public final class ReviewView {

    private final ReviewViewModel vm;
    private final BorderPane root = new BorderPane();
    private final ListView<QueueRow> queue = new ListView<>();

    public ReviewView(ReviewViewModel vm) {
        this.vm = vm;
        root.getStylesheets().add(ReviewView.class.getResource("/views/review/review.css").toExternalForm());
        SplitPane split = new SplitPane(queuePane(), detailPane());
        split.setDividerPositions(0.34);
        root.setCenter(split);
        root.addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
        root.getProperties().put(ShellView.INITIAL_FOCUS, queue);
        vm.refresh();
    }

    private void onKey(KeyEvent e) {
        if (e.getTarget() instanceof TextInputControl || e.isControlDown() || e.isAltDown() || e.isMetaDown()) {
            return;
        }
        if (e.isShiftDown()) {
            return;
        }
        switch (e.getCode()) {
            case J, DOWN -> vm.next();
            case K, UP -> vm.previous();
            case A -> vm.approve(); // one that cannot be approved says why
            case R -> reject();
            case C -> requestChanges();
            case E -> edit();
            case D -> vm.detail().toggleDiffMode();
            case S -> vm.detail().recallEffect().toggleStories();
            case F -> vm.nextFilter();
            default -> {
                return;
            }
        }
        e.consume();
    }

    private Node queuePane() {
        ComboBox<ReviewViewModel.Filter> filter = new ComboBox<>();
        filter.setId("review-filter");
        filter.getItems().setAll(ReviewViewModel.Filter.values());
        filter.valueProperty().bindBidirectional(vm.filterProperty());
        filter.setConverter(new StringConverter<>() {
            @Override
            public String toString(ReviewViewModel.Filter f) {
                return f == null ? "" : f.label();
            }

            @Override
            public ReviewViewModel.Filter fromString(String s) {
                return null;
            }
        });
        filter.setFocusTraversable(false); // off the Tab path, which goes list ↔ detail: the key f cycles it
        filter.setTooltip(new Tooltip("f: the next filter"));
        Label counts = new Label();
        counts.setId("review-counts");
        counts.setWrapText(true);
        counts.getStyleClass().add(Styles.TEXT_MUTED);
        counts.textProperty().bind(vm.countsProperty());
        queue.setId("review-queue");
        queue.setItems(vm.rows());
        queue.setCellFactory(list -> new QueueCell());
        queue.getSelectionModel().selectedItemProperty().addListener((obs, old, row) -> {
            if (row != null && !row.id().equals(vm.selectedIdProperty().get())) {
                vm.select(row.id());
            }
        });
        vm.selectedIdProperty().addListener((obs, old, id) -> showSelected());
        vm.rows().addListener((ListChangeListener<QueueRow>) change -> showSelected());
        VBox.setVgrow(queue, Priority.ALWAYS);
        VBox box = new VBox(8, filter, counts, queue);
        box.setPadding(new Insets(12));
        return box;
    }

    /** The list shows the view model's selection, also when the rows were replaced around it. */
    private void showSelected() {
        String id = vm.selectedIdProperty().get();
        vm.rows().stream().filter(r -> r.id().equals(id)).findFirst().ifPresent(r -> {
            if (queue.getSelectionModel().getSelectedItem() != r) {
                queue.getSelectionModel().select(r);
                queue.scrollTo(r);
            }
        });
    }

    /** The least height of the diff (about ten of its one-line rows), whatever the sections above it hold. */
    public static final double DIFF_MIN_HEIGHT = 200;

    /** The informational sections' share of the split at most (less when they are shorter); the diff has the rest. */
    public static final double INFO_SHARE = 0.38;

    /**
     * The selected proposal: the header (decisions, heading, details, keys, messages) stays at the top; below it a
     * vertical split holds the informational sections (rationale, evidence, effect on recall, similar lessons) in
     * their own scroll pane above the diff, which keeps the larger share — so the diff is in sight, whatever those
     * sections hold. The informational side is never taller than its content (none: it collapses), and its
     * divider can be dragged: it stays where the reviewer left it for every proposal shown after.
     */
    private Node detailPane() {
        Label heading = label("review-heading", Styles.TITLE_4);
        heading.textProperty().bind(vm.detail().headingProperty());
        Label details = label("review-details", Styles.TEXT_MUTED);
        details.textProperty().bind(vm.detail().detailsProperty());
        Button approve = button("Approve", "review-approve", vm::approve);
        approve.setGraphic(Icons.thumbUp());
        approve.getStyleClass().add(Styles.SUCCESS);
        approve.disableProperty().bind(vm.detail().approvableProperty().not());
        Button reject = button("Reject…", "review-reject", this::reject);
        reject.setGraphic(Icons.thumbDown());
        reject.getStyleClass().add(Styles.DANGER);
        reject.disableProperty().bind(vm.detail().decidableProperty().not());
        Button changes = button("Request changes…", "review-request", this::requestChanges);
        changes.disableProperty().bind(vm.detail().requestableProperty().not());
        Button edit = button("Edit…", "review-edit", this::edit);
        edit.disableProperty().bind(vm.detail().approvableProperty().not());
        Button mode = button("Unified / side by side", "review-mode", vm.detail()::toggleDiffMode);
        // the decisions on one row; the diff's own toggle sits on the diff's caption row, so the row fits at 1100 px
        FlowPane actions = new FlowPane(8, 6, approve, reject, changes, edit);
        actions.setId("review-actions");
        actions.setAlignment(Pos.CENTER_LEFT);
        for (Node n : actions.getChildren()) {
            ((Region) n).setMinWidth(Region.USE_PREF_SIZE); // a label is never cut: the row wraps instead
        }
        mode.setMinWidth(Region.USE_PREF_SIZE);
        mode.visibleProperty().bind(vm.detail().hasDiffProperty());
        mode.managedProperty().bind(mode.visibleProperty()); // no diff: its caption has the row
        // a decided or invalid proposal: its state where the buttons stand (they keep the row's height and place)
        Label closed = label("review-closed", "review-closed");
        closed.textProperty().bind(vm.detail().closedProperty());
        closed.visibleProperty().bind(vm.detail().closedProperty().isNotEmpty());
        actions.visibleProperty().bind(closed.visibleProperty().not());
        StackPane decide = new StackPane(actions, closed);
        decide.setId("review-decide");
        StackPane.setAlignment(closed, Pos.CENTER_LEFT);
        Label keys = label("review-keys", Styles.TEXT_MUTED);
        keys.textProperty().bind(vm.detail().keysProperty()); // only the keys that apply to the proposal shown
        Label problem = label("review-problem", "review-problem");
        problem.textProperty().bind(vm.detail().problemProperty());
        problem.visibleProperty().bind(vm.detail().problemProperty().isNotEmpty());
        problem.managedProperty().bind(problem.visibleProperty());
        Label notice = label("review-notice", "review-notice");
        notice.textProperty().bind(vm.detail().noticeProperty());
        notice.visibleProperty().bind(vm.detail().noticeProperty().isNotEmpty());
        notice.managedProperty().bind(notice.visibleProperty()); // one short line (it wraps only when narrower)
        Label decision = label("review-decision", "review-decision");
        decision.textProperty().bind(vm.detail().decisionProperty());
        decision.visibleProperty().bind(vm.detail().decisionProperty().isNotEmpty());
        decision.managedProperty().bind(decision.visibleProperty());
        Label caption = label("review-diff-caption", Styles.TEXT_MUTED);
        caption.textProperty().bind(vm.detail().diffCaptionProperty());
        caption.visibleProperty().bind(vm.detail().diffCaptionProperty().isNotEmpty());
        caption.managedProperty().bind(caption.visibleProperty());
        caption.setMaxWidth(Double.MAX_VALUE);
        // a conflicting proposal's diff is its change as written, not what approving does: the caption stands out
        PseudoClass intended = PseudoClass.getPseudoClass("intended");
        vm.detail().diffIntendedProperty().addListener((obs, was, now) -> caption.pseudoClassStateChanged(intended, now));
        HBox.setHgrow(caption, Priority.ALWAYS);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        gap.managedProperty().bind(mode.visibleProperty());
        HBox diffBar = new HBox(8, caption, gap, mode);
        diffBar.setId("review-diff-bar");
        diffBar.setAlignment(Pos.CENTER_LEFT);
        // the split asks its sides' least height without a width: the bar keeps the lines its caption wraps to
        diffBar.minHeightProperty().bind(Bindings.createDoubleBinding(() -> caption.isVisible()
                ? Math.max(mode.prefHeight(-1), caption.prefHeight(caption.getWidth())) : mode.prefHeight(-1),
                caption.widthProperty(), caption.textProperty(), caption.visibleProperty()));
        Label rationale = label("review-rationale", null);
        rationale.textProperty().bind(vm.detail().rationaleProperty());
        rationale.visibleProperty().bind(vm.detail().rationaleProperty().isNotEmpty());
        rationale.managedProperty().bind(rationale.visibleProperty());
        Label evidence = label("review-evidence", Styles.TEXT_MUTED);
        evidence.textProperty().bind(vm.detail().evidenceProperty());
        evidence.visibleProperty().bind(vm.detail().evidenceProperty().isNotEmpty());
        evidence.managedProperty().bind(evidence.visibleProperty());
        Label message = label("review-message", Styles.TEXT_MUTED);
        message.textProperty().bind(vm.messageProperty());
        message.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        DiffView diff = new DiffView(vm.detail().diff(), ""); // its caption says what it is, "Computing…" too
        diff.setId("review-diff");
        diff.setMinHeight(DIFF_MIN_HEIGHT); // long sections above never squeeze the diff to a line
        diff.visibleProperty().bind(vm.detail().hasDiffProperty()); // none: the pane folds to its caption
        diff.managedProperty().bind(diff.visibleProperty());
        VBox.setVgrow(diff, Priority.ALWAYS);

        // a long record or conflict scrolls in its own few lines, so the header never pushes the diff out of sight
        // the decisions first: the same place for every proposal, however many lines its heading and details take
        // the record first, then what it does not say (where the commit went), then what stops a proposal
        ObservableBooleanValue folded = vm.detail().hasDiffProperty().not();
        // the snapshot shown: its digest beside the details, and — decided, then changed — the tampered badge
        SnapshotStamp stamp = new SnapshotStamp(vm.detail());
        VBox header = new VBox(8, decide, heading, stamp.line(details), keys, HeaderNotes.capped(stamp.tampered(), folded),
                HeaderNotes.capped(decision, folded), message, HeaderNotes.capped(problem, folded), notice);
        header.setId("review-detail-header");
        header.setPadding(new Insets(12, 12, 8, 12));

        RecallEffectPane recall = new RecallEffectPane(vm.detail().recallEffect());
        VBox info = new VBox(8, new CapTradePane(vm.capTrade()), rationale, evidence, recall,
                new SimilarLessonsPane(vm.detail().similar()));
        info.setId("review-detail-info");
        info.setPadding(new Insets(0, 12, 8, 12));

        VBox diffSide = new VBox(8, diffBar, diff);
        diffSide.setId("review-diff-side");
        diffSide.setPadding(new Insets(8, 12, 12, 12));

        SectionsSplit detailSplit = new SectionsSplit(vm.detail(), info, diffSide);
        // each proposal starts with its sections from the top, the divider where the reviewer left it
        vm.selectedIdProperty().addListener((obs, old, id) -> detailSplit.showFromTop());
        // the stories shown (s, or the link): their pane scrolls so they start at its top
        vm.detail().recallEffect().storiesShownProperty().addListener((obs, old, shown) -> {
            if (shown) {
                detailSplit.scrollToOnceLaidOut(recall.lookup("#review-recall-stories"));
            }
        });

        VBox detail = new VBox(header, detailSplit);
        detail.setId("review-detail");
        detail.setMinHeight(0);
        return detail;
    }

    /** The most height of the header's record or problem (about five lines); a longer one scrolls in it. */
    public static final double HEADER_NOTE_MAX_HEIGHT = HeaderNotes.HEADER_NOTE_MAX_HEIGHT;

    /** The least height of the header's record or problem: about three lines, or all of a shorter one. */
    public static final double HEADER_NOTE_MIN_HEIGHT = HeaderNotes.HEADER_NOTE_MIN_HEIGHT;

    private void edit() {
        if (!vm.detail().approvableProperty().get()) {
            return;
        }
        Dialog<String> dialog = new Dialog<>();
        dialog.initOwner(root.getScene().getWindow());
        dialog.setTitle("Edit, then approve " + vm.selectedIdProperty().get());
        dialog.setHeaderText(vm.detail().headingProperty().get()
                + "\nThe text that approving commits. Edits are recorded (Edited-By).");
        // Tab and Shift+Tab leave the editor as they leave every field: a tab typed here would be committed
        TextArea text = TabMovesFocus.on(new TextArea(vm.detail().proposedText()));
        text.setId("review-edit-text");
        text.setPrefSize(760, 460);
        text.getStyleClass().add("review-edit-text");
        dialog.getDialogPane().setContent(text);
        // not the dialog's default button, which takes the focus when it opens: the text is what this dialog is for,
        // and Enter there starts a new line — it never approves a text nobody read
        ButtonType approve = new ButtonType("Approve edited", ButtonBar.ButtonData.OTHER);
        dialog.getDialogPane().getButtonTypes().addAll(approve, ButtonType.CANCEL);
        dialog.setResultConverter(b -> b == approve ? text.getText() : null);
        dialog.setOnShown(e -> text.requestFocus());
        String proposed = text.getText();
        dialog.setOnCloseRequest(e -> { // Escape or Cancel after editing: the edits are not thrown away unasked
            if (dialog.getResult() == null && !text.getText().equals(proposed) && !discardEdits(dialog)) {
                e.consume();
            }
        });
        QuitFromDialog.install(dialog, () -> !text.getText().equals(proposed));
        dialog.showAndWait().ifPresent(vm::approveEdited);
    }

    /** Asks before edits are thrown away; Keep editing is the default, so Enter keeps them. */
    private static boolean discardEdits(Dialog<String> owner) {
        ButtonType discard = new ButtonType("Discard edits", ButtonBar.ButtonData.OTHER);
        ButtonType keep = new ButtonType("Keep editing", ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION,
                "Your edits to the text are not approved or kept anywhere else.", discard, keep);
        ask.initOwner(owner.getDialogPane().getScene().getWindow());
        ask.setTitle("Discard your edits?");
        ask.setHeaderText("Discard your edits?");
        ask.getDialogPane().setId("review-discard-edits");
        ((Button) ask.getDialogPane().lookupButton(keep)).setDefaultButton(true);
        return ask.showAndWait().filter(discard::equals).isPresent();
    }

    private void reject() {
        if (vm.detail().decidableProperty().get()) {
            ask("Reject " + vm.selectedIdProperty().get(), "Reject " + vm.detail().headingProperty().get()
                    + "?\nWhy is it rejected? (recorded with the decision)", "Reject").ifPresent(vm::reject);
        }
    }

    private void requestChanges() {
        if (vm.detail().requestableProperty().get()) {
            ask("Request changes to " + vm.selectedIdProperty().get(), "Send " + vm.detail().headingProperty().get()
                    + " back to its author?\nWhat should the author change?", "Send back").ifPresent(vm::requestChanges);
        }
    }

    /**
     * Asks for the reason of a decision; the button says the decision ("Reject", "Send back") and stays off until a
     * reason is typed — spaces alone are none —, so Enter decides only after one was written (as Clear in Failed
     * targets).
     */
    private Optional<String> ask(String title, String question, String decide) {
        TextInputDialog dialog = new TextInputDialog();
        dialog.initOwner(root.getScene().getWindow());
        dialog.setTitle(title);
        dialog.setHeaderText(question);
        dialog.getEditor().setId("review-reason");
        ButtonType confirm = new ButtonType(decide, ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().setAll(confirm, ButtonType.CANCEL);
        dialog.getDialogPane().lookupButton(confirm).disableProperty().bind(Bindings
                .createBooleanBinding(() -> dialog.getEditor().getText().isBlank(), dialog.getEditor().textProperty()));
        QuitFromDialog.install(dialog, () -> !dialog.getEditor().getText().isBlank());
        return dialog.showAndWait().map(String::strip).filter(s -> !s.isEmpty());
    }

    private static Label label(String id, String style) {
        Label label = new Label();
        label.setId(id);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE); // wrapped text keeps its lines; the diff takes what is left
        if (style != null) {
            label.getStyleClass().add(style);
        }
        return label;
    }

    private static Button button(String text, String id, Runnable action) {
        Button button = new Button(text);
        button.setId(id);
        button.setMnemonicParsing(false);
        button.setFocusTraversable(false);
        button.setOnAction(e -> action.run());
        return button;
    }

    public Node root() {
        return root;
    }
}
