package views.profiles;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import viewmodels.profiles.LessonsViewModel;
import views.components.MarkdownView;
import views.shell.ShellView;

/** Agent lessons: the agents, and the selected one's lessons, flags and journal. */
public final class LessonsView {

    /** The list's borders, a row's padding and a vertical scroll bar: an agent's summary wraps inside them. */
    private static final double ROW_ROOM = 40;

    private final SplitPane root = new SplitPane();

    public LessonsView(LessonsViewModel vm) {
        root.getStylesheets().add(LessonsView.class.getResource("/views/review/review.css").toExternalForm());
        ListView<LessonsViewModel.AgentRow> agents = new ListView<>(vm.agents());
        agents.setId("lessons-agents");
        agents.setCellFactory(l -> new ListCell<>() {
            private final Label name = new Label();
            private final Text summary = new Text(); // a Text wraps at a width it is given: the row grows to it
            private final VBox box = new VBox(2, name, summary);

            {
                setPrefWidth(0);
                // the theme's fixed row height (2.8em) cut the summary to "2.3 KB of 2 KB — over the cap …": at
                // JavaFX's default cell size a row is as tall as its lines
                setStyle("-fx-cell-size: 24; -fx-padding: 0.3em 0.5em 0.3em 0.5em");
                name.getStyleClass().add(Styles.TEXT_BOLD);
                summary.setStyle("-fx-fill: -color-fg-muted;");
                summary.fontProperty().bind(fontProperty());
                summary.wrappingWidthProperty().bind(l.widthProperty().subtract(ROW_ROOM));
            }

            @Override
            protected void updateItem(LessonsViewModel.AgentRow row, boolean empty) {
                super.updateItem(row, empty);
                if (empty || row == null) {
                    setGraphic(null);
                    return;
                }
                name.setText(row.agent() + (row.attention() ? "  ⚠" : ""));
                summary.setText(row.summary());
                setGraphic(box);
            }
        });
        agents.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> {
            if (row != null) {
                vm.select(row.agent());
            }
        });
        vm.agents().addListener((ListChangeListener<LessonsViewModel.AgentRow>) c -> {
            if (!vm.agents().isEmpty() && agents.getSelectionModel().isEmpty()) {
                agents.getSelectionModel().select(0);
            }
        });
        VBox left = new VBox(agents);
        VBox.setVgrow(agents, Priority.ALWAYS);
        left.setPadding(new Insets(12));

        Label heading = label("lessons-heading", Styles.TITLE_4);
        heading.textProperty().bind(vm.headingProperty());
        Label folder = new Label();
        folder.setId("lessons-folder");
        folder.getStyleClass().add(Styles.TEXT_MUTED);
        folder.textProperty().bind(vm.folderProperty());
        folder.setTextOverrun(OverrunStyle.LEADING_ELLIPSIS); // a long path keeps its end
        folder.setMinWidth(0);
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(vm.folderProperty());
        folder.setTooltip(whole);
        folder.visibleProperty().bind(vm.folderProperty().isNotEmpty());
        folder.managedProperty().bind(folder.visibleProperty());
        Label status = label("lessons-status", Styles.TEXT_MUTED);
        status.textProperty().bind(vm.statusProperty());
        ListView<String> flags = new ListView<>(vm.flags());
        flags.setId("lessons-flags");
        flags.setPrefHeight(90);
        flags.setPlaceholder(new Label("Every line is abstract: no issue numbers, no file paths."));
        flags.setCellFactory(l -> new ListCell<>() {
            {
                setPrefWidth(0);
                setWrapText(true);
            }

            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                setText(empty ? null : text);
            }
        });
        flags.setPrefHeight(110);
        MarkdownView lessons = new MarkdownView();
        lessons.setId("lessons-text");
        vm.lessonsProperty().addListener((o, a, text) -> lessons.setMarkdown(text));
        ListView<String> journals = new ListView<>(vm.journals());
        journals.setId("lessons-journals");
        // as tall as its entries, up to ten (it showed 3 of 12 with half the pane empty below)
        journals.setFixedCellSize(28);
        journals.prefHeightProperty().bind(Bindings.createDoubleBinding(
                () -> Math.min(10, Math.max(2, vm.journals().size())) * 28.0 + 6, vm.journals()));
        journals.setMinHeight(Region.USE_PREF_SIZE);
        journals.setPlaceholder(new Label("No undigested journal entries."));
        journals.getSelectionModel().selectedItemProperty().addListener((o, a, name) -> {
            if (name != null) {
                vm.openJournal(name);
            }
        });
        MarkdownView journal = new MarkdownView();
        vm.journalTextProperty().addListener((o, a, text) -> journal.setMarkdown(text));
        VBox right = new VBox(8, heading, folder, status, section("Lines that break the \"abstract\" rule"), flags,
                section("lessons-learned.md"), lessons, section("Journal (undigested, newest first)"), journals, journal);
        right.setPadding(new Insets(12));
        ScrollPane scroll = new ScrollPane(right);
        scroll.setFitToWidth(true);
        root.getItems().setAll(left, scroll);
        root.setDividerPositions(0.3);
        root.getProperties().put(ShellView.INITIAL_FOCUS, agents);
        vm.refresh();
    }

    private static Label section(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.TEXT_BOLD);
        return l;
    }

    private static Label label(String id, String style) {
        Label l = new Label();
        l.setId(id);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.getStyleClass().add(style);
        return l;
    }

    public Node root() {
        return root;
    }
}
