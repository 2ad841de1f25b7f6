package views.notes;

import atlantafx.base.theme.Styles;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import viewmodels.notes.NoteViewModel;
import views.components.TabMovesFocus;
import views.shell.ShellView;

/** The knowledge note form. Ctrl+Enter writes it. */
public final class NoteView {

    private final VBox root = new VBox(12);

    public NoteView(NoteViewModel vm) {
        root.setPadding(new Insets(16));
        Label title = new Label("Knowledge note");
        title.getStyleClass().add(Styles.TITLE_3);
        Label intro = new Label("A turn-level write (ADR-0202): what was decided in a turn and why, or an explicit skip "
                + "reason. Written as a turn_note document; the write is recorded as knowledge.turn_write events. "
                + "Lists take commas or one item per line.");
        intro.setWrapText(true);
        intro.setMinHeight(Region.USE_PREF_SIZE);
        intro.getStyleClass().add(Styles.TEXT_MUTED);
        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        ColumnConstraints labels = new ColumnConstraints(110);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        form.getColumnConstraints().addAll(labels, fields);
        TextField agent = field("note-agent", vm.agentProperty(), "e.g. pi (required)");
        int row = 0;
        form.addRow(row++, new Label("Agent"), agent);
        form.addRow(row++, new Label("Source"), field("note-source", vm.sourceProperty(), "e.g. gateway (required)"));
        form.addRow(row++, new Label("Session"), field("note-session", vm.sessionProperty(), "session id (required)"));
        form.addRow(row++, new Label("Turn"), field("note-turn", vm.turnProperty(), "turn number"));
        form.addRow(row++, new Label("Channel"), field("note-channel", vm.channelProperty(), "slack, cli, cron … (default internal)"));
        form.addRow(row++, new Label("Summary"), area("note-summary", vm.summaryProperty(), 3));
        form.addRow(row++, new Label("Decision"), area("note-decision", vm.decisionProperty(), 2));
        form.addRow(row++, new Label("Evidence"), area("note-evidence", vm.evidenceProperty(), 2));
        form.addRow(row++, new Label("Usefulness"), field("note-usefulness", vm.usefulnessProperty(), "tags, e.g. retry safety, ops"));
        form.addRow(row++, new Label("Tools"), field("note-tools", vm.toolsProperty(), "e.g. bash, git"));
        ComboBox<String> skip = new ComboBox<>();
        skip.setId("note-skip");
        skip.getItems().setAll(NoteViewModel.SKIP_CHOICES);
        skip.valueProperty().bindBidirectional(vm.skipReasonProperty());
        skip.setPromptText("no skip: write the note");
        form.addRow(row, new Label("Skip reason"), skip);
        Button write = new Button("Write note  (Ctrl+Enter)");
        write.setId("note-write");
        write.getStyleClass().add(Styles.ACCENT);
        write.setOnAction(e -> vm.submit());
        write.setMinWidth(Region.USE_PREF_SIZE); // its whole label: the refusal beside it wraps
        Label result = new Label();
        result.setId("note-result");
        result.setWrapText(true);
        result.setMinHeight(Region.USE_PREF_SIZE); // every word of a refusal, on as many lines as it needs
        result.setMaxWidth(Double.MAX_VALUE);
        result.textProperty().bind(vm.resultProperty());
        vm.refusedProperty().addListener((o, a, isRefused) -> {
            result.getStyleClass().removeAll(Styles.DANGER, Styles.SUCCESS);
            result.getStyleClass().add(isRefused ? Styles.DANGER : Styles.SUCCESS);
        });
        // the form scrolls when the window is short (1100 × 700); the title above and the button below stay in view
        ScrollPane scroll = new ScrollPane(form);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        HBox actions = new HBox(12, write, result);
        actions.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(result, Priority.ALWAYS);
        root.getChildren().addAll(title, intro, scroll, actions);
        root.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (new KeyCodeCombination(KeyCode.ENTER, KeyCombination.SHORTCUT_DOWN).match(e)) {
                vm.submit();
                e.consume();
            }
        });
        root.getProperties().put(ShellView.INITIAL_FOCUS, agent);
    }

    private static TextField field(String id, StringProperty value, String prompt) {
        TextField f = new TextField();
        return bind(f, id, value, prompt);
    }

    private static TextArea area(String id, StringProperty value, int rows) {
        TextArea a = TabMovesFocus.on(new TextArea());
        a.setPrefRowCount(rows);
        a.setWrapText(true);
        return bind(a, id, value, null);
    }

    private static <T extends TextInputControl> T bind(T control, String id, StringProperty value, String prompt) {
        control.setId(id);
        control.textProperty().bindBidirectional(value);
        if (prompt != null) {
            control.setPromptText(prompt);
        }
        return control;
    }

    public Node root() {
        return root;
    }
}
