package views.brief;

import atlantafx.base.theme.Styles;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import viewmodels.brief.BriefViewModel;
import views.components.MarkdownView;
import views.shell.ShellView;

/** The mise brief: the verdict on top, the brief below; F5 or Refresh gathers it again. */
public final class BriefView {

    private final VBox root = new VBox(10);

    public BriefView(BriefViewModel vm) {
        root.setPadding(new Insets(16));
        Label title = new Label("Mise brief");
        title.getStyleClass().add(Styles.TITLE_3);
        Button refresh = new Button("Refresh  (F5)");
        refresh.setId("brief-refresh");
        refresh.setOnAction(e -> vm.refresh());
        HBox head = new HBox(12, title, refresh);
        head.setAlignment(Pos.CENTER_LEFT);
        Label verdict = new Label();
        verdict.setId("brief-verdict");
        verdict.setWrapText(true);
        verdict.setMinHeight(Region.USE_PREF_SIZE);
        verdict.textProperty().bind(vm.verdictProperty());
        // allowed is good news, not a warning; rules not checked (no Redis) is neither
        Runnable style = () -> {
            verdict.getStyleClass().removeAll("review-notice", "review-problem", "verdict-allowed", "verdict-unchecked");
            verdict.getStyleClass().add(!vm.allowedProperty().get() ? "review-problem"
                    : vm.checkedProperty().get() ? "verdict-allowed" : "verdict-unchecked");
        };
        style.run();
        vm.allowedProperty().addListener((o, a, ok) -> style.run());
        vm.checkedProperty().addListener((o, a, ok) -> style.run());
        MarkdownView body = new MarkdownView();
        body.setId("brief-body");
        vm.markdownProperty().addListener((o, a, text) -> body.setMarkdown(text));
        ScrollPane scroll = new ScrollPane(body);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        root.getStylesheets().addAll(BriefView.class.getResource("/views/review/review.css").toExternalForm(),
                BriefView.class.getResource("/views/knowledge/knowledge.css").toExternalForm());
        root.getChildren().addAll(head, verdict, scroll);
        root.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.F5) {
                vm.refresh();
            }
        });
        root.getProperties().put(ShellView.INITIAL_FOCUS, refresh);
        vm.refresh();
    }

    public Node root() {
        return root;
    }
}
