package views.knowledge;

import atlantafx.base.theme.Styles;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.VBox;
import viewmodels.knowledge.RecallViewModel;
import views.shell.ShellView;

/**
 * The recall preview: a story (title, description, project); what the implementor injects, then the System Context
 * of each budget, side by side.
 */
public final class RecallView {

    private final VBox root = new VBox(10);

    public RecallView(RecallViewModel vm) {
        root.setPadding(new Insets(16));
        root.getStylesheets().add(RecallView.class.getResource("/views/knowledge/knowledge.css").toExternalForm());
        Label title = new Label("Recall preview");
        title.getStyleClass().add(Styles.TITLE_3);
        Label intro = new Label("First, what the agent-loop implementor really injects before a story: title + "
                + "description searched in lessons, patterns, failed targets and retros of the story's project, at most "
                + "2 documents as \"### [type] title\" blocks. Then what joelclaw recall returns for the title under "
                + "each budget: lean searches every word as asked, by words; balanced and deep search the question "
                + "rewritten to fewer words, by words and meaning, and rank more of what matches. auto picks deep "
                + "for a long question or one with \" and \" or \"why\".");
        intro.setWrapText(true);
        intro.setMinHeight(Region.USE_PREF_SIZE);
        intro.getStyleClass().add(Styles.TEXT_MUTED);
        Label era = new Label();
        era.setId("recall-era");
        era.setWrapText(true);
        era.setMinHeight(Region.USE_PREF_SIZE);
        era.getStyleClass().add(Styles.WARNING);
        era.textProperty().bind(vm.eraProperty());
        TextField question = new TextField();
        question.setId("recall-question");
        question.setPromptText("A story title or a question, e.g. \"Add idempotency keys to the email sender\"");
        question.textProperty().bindBidirectional(vm.questionProperty());
        question.setOnAction(e -> vm.preview());
        HBox.setHgrow(question, Priority.ALWAYS);
        Button preview = new Button("Preview");
        preview.setId("recall-preview");
        preview.setOnAction(e -> vm.preview());
        HBox ask = new HBox(8, question, preview);
        ask.setAlignment(Pos.CENTER_LEFT);

        TextField description = new TextField();
        description.setId("recall-description");
        description.setPromptText("Story description (searched with the title)"); // whole at 1100 px
        description.textProperty().bindBidirectional(vm.descriptionProperty());
        description.setOnAction(e -> vm.preview());
        HBox.setHgrow(description, Priority.ALWAYS);
        ComboBox<String> project = new ComboBox<>(vm.projects());
        project.setId("recall-project");
        project.setEditable(true);
        project.setPromptText("implementor only; empty: all");
        project.setPrefWidth(320);
        project.getEditor().textProperty().bindBidirectional(vm.projectProperty());
        project.addEventFilter(KeyEvent.KEY_PRESSED, e -> { // the combo box keeps its editor's Enter
            if (e.getCode() == KeyCode.ENTER) {
                vm.preview();
            }
        });
        Label projectLabel = new Label("Project");
        HBox story = new HBox(8, description, projectLabel, project);
        story.setAlignment(Pos.CENTER_LEFT);

        Label auto = new Label();
        auto.setId("recall-auto");
        auto.getStyleClass().add(Styles.TEXT_MUTED);
        auto.textProperty().bind(vm.autoChoiceProperty());
        Label message = new Label();
        message.textProperty().bind(vm.messageProperty());
        message.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());

        // headings on one row, texts on the next: a heading of more lines moves no text box below the others
        GridPane columns = new GridPane();
        columns.setId("recall-columns");
        columns.setHgap(12);
        columns.setVgap(6);
        RowConstraints headings = new RowConstraints();
        headings.setValignment(VPos.BOTTOM);
        // a short window shrinks the text boxes, never the headings over the line above them
        headings.setMinHeight(Region.USE_PREF_SIZE);
        RowConstraints texts = new RowConstraints();
        texts.setVgrow(Priority.ALWAYS);
        columns.getRowConstraints().setAll(headings, texts);
        VBox.setVgrow(columns, Priority.ALWAYS);
        Runnable fill = () -> {
            columns.getChildren().clear();
            columns.getColumnConstraints().clear();
            for (RecallViewModel.Column c : vm.columns()) {
                int at = columns.getColumnConstraints().size();
                ColumnConstraints width = new ColumnConstraints(160, 240,
                        Double.MAX_VALUE);
                width.setHgrow(Priority.ALWAYS);
                width.setPercentWidth(100.0 / vm.columns().size());
                columns.getColumnConstraints().add(width);
                columns.add(heading(c), at, 0);
                columns.add(context(c), at, 1);
            }
        };
        vm.columns().addListener((ListChangeListener<RecallViewModel.Column>) c -> fill.run());
        fill.run();
        root.getChildren().addAll(title, intro, era, ask, story, auto, message, columns);
        root.getProperties().put(ShellView.INITIAL_FOCUS, question);
        vm.loadProjects();
    }

    /**
     * Two lines, each one line at any width (docs/design.md, "Rows" and "Word budget"): what went in of how many, bold,
     * and why so many, muted; cut with "…" on a narrow window, the whole heading and the budget's codes in the tooltip
     * (at 1100 px the heading wrapped to three lines).
     */
    private static Node heading(RecallViewModel.Column column) {
        Label heading = oneLine(column.title());
        heading.setId("recall-heading-" + column.budget());
        heading.getStyleClass().add(Styles.TEXT_BOLD);
        Label why = oneLine(column.why());
        why.setId("recall-why-" + column.budget());
        why.getStyleClass().addAll(Styles.TEXT_MUTED, Styles.TEXT_SMALL);
        Tooltip whole = new Tooltip(column.details().isEmpty() ? column.heading()
                : column.heading() + "\n" + column.details()); // the budget's codes, for who knows them
        heading.setTooltip(whole);
        why.setTooltip(whole);
        VBox lines = new VBox(2, heading, why);
        lines.setMinWidth(0);
        return lines;
    }

    private static Label oneLine(String text) {
        Label label = new Label(text);
        label.setWrapText(false);
        label.setTextOverrun(OverrunStyle.ELLIPSIS);
        label.setMinWidth(0);
        label.setMaxWidth(Double.MAX_VALUE);
        return label;
    }

    private static Node context(RecallViewModel.Column column) {
        TextArea context = new TextArea(column.context());
        context.setId("recall-" + column.budget());
        context.setEditable(false);
        context.setWrapText(true);
        context.getStyleClass().add("recall-context");
        context.setMaxHeight(Double.MAX_VALUE);
        context.setPrefWidth(240);
        context.setMinWidth(160);
        return context;
    }

    public Node root() {
        return root;
    }
}
