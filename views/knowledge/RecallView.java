package views.knowledge;

import atlantafx.base.theme.Styles;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import viewmodels.knowledge.RecallViewModel;

/** The recall preview: a question, and the System Context block of each budget side by side. */
public final class RecallView {

    private final VBox root = new VBox(12);

    public RecallView(RecallViewModel vm) {
        root.setPadding(new Insets(16));
        root.getStylesheets().add(RecallView.class.getResource("/views/knowledge/knowledge.css").toExternalForm());
        Label title = new Label("Recall preview");
        title.getStyleClass().add(Styles.TITLE_3);
        Label intro = new Label("What an agent gets injected as ## System Context before it starts a story, under each "
                + "budget. Lean searches lessons, patterns and failed targets by keyword; balanced adds ADRs, skills and "
                + "retros, and finds candidates by meaning as well; deep searches everything with a rewritten query and "
                + "a larger pool.");
        intro.setWrapText(true);
        intro.getStyleClass().add(Styles.TEXT_MUTED);
        TextField question = new TextField();
        question.setId("recall-question");
        question.setPromptText("A story title or a question, e.g. \"how do we avoid sending an email twice on retry\"");
        question.textProperty().bindBidirectional(vm.questionProperty());
        question.setOnAction(e -> vm.preview());
        HBox.setHgrow(question, Priority.ALWAYS);
        Button preview = new Button("Preview");
        preview.setId("recall-preview");
        preview.setDefaultButton(false);
        preview.setOnAction(e -> vm.preview());
        HBox ask = new HBox(8, question, preview);
        ask.setAlignment(Pos.CENTER_LEFT);
        Label auto = new Label();
        auto.setId("recall-auto");
        auto.getStyleClass().add(Styles.TEXT_MUTED);
        auto.textProperty().bind(vm.autoChoiceProperty());
        Label message = new Label();
        message.textProperty().bind(vm.messageProperty());
        message.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());

        HBox columns = new HBox(12);
        columns.setId("recall-columns");
        VBox.setVgrow(columns, Priority.ALWAYS);
        Runnable fill = () -> columns.getChildren().setAll(vm.columns().stream().map(RecallView::column).toList());
        vm.columns().addListener((ListChangeListener<RecallViewModel.Column>) c -> fill.run());
        fill.run();
        root.getChildren().addAll(title, intro, ask, auto, message, columns);
        root.getProperties().put(views.shell.ShellView.INITIAL_FOCUS, question);
    }

    private static Node column(RecallViewModel.Column column) {
        Label heading = new Label(column.heading());
        heading.setWrapText(true);
        heading.getStyleClass().add(Styles.TEXT_BOLD);
        TextArea context = new TextArea(column.context());
        context.setId("recall-" + column.budget());
        context.setEditable(false);
        context.setWrapText(true);
        context.getStyleClass().add("recall-context");
        VBox.setVgrow(context, Priority.ALWAYS);
        VBox box = new VBox(6, heading, context);
        HBox.setHgrow(box, Priority.ALWAYS);
        box.setPrefWidth(300);
        return box;
    }

    public Node root() {
        return root;
    }
}
