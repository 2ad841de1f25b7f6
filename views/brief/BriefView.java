package views.brief;

import atlantafx.base.theme.Styles;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.layout.Priority;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
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
        // the verdict as a dashboard (docs/design.md): a clear yes / no, the one reason that decides it, then the
        // passed checks quietly — coloured by meaning: danger for no, success for yes, neutral when not checked
        FontIcon icon = new FontIcon(Feather.HELP_CIRCLE);
        icon.getStyleClass().add("brief-verdict-icon");
        Label headline = new Label();
        headline.setId("brief-verdict");
        headline.getStyleClass().add(Styles.TITLE_4);
        headline.textProperty().bind(vm.headlineProperty());
        Label deciding = new Label();
        deciding.setId("brief-deciding");
        deciding.setWrapText(true);
        deciding.setMinHeight(Region.USE_PREF_SIZE);
        deciding.textProperty().bind(vm.decidingProperty());
        Label passed = new Label();
        passed.setId("brief-passed");
        passed.setWrapText(true);
        passed.setMinHeight(Region.USE_PREF_SIZE);
        passed.getStyleClass().addAll(Styles.TEXT_SMALL, Styles.TEXT_MUTED);
        passed.textProperty().bind(vm.passedProperty());
        passed.visibleProperty().bind(vm.passedProperty().isNotEmpty());
        passed.managedProperty().bind(passed.visibleProperty());
        VBox words = new VBox(4, headline, deciding, passed);
        HBox.setHgrow(words, Priority.ALWAYS);
        HBox verdict = new HBox(12, icon, words);
        verdict.setId("brief-verdict-card");
        verdict.getStyleClass().add("brief-verdict-card");
        Runnable style = () -> {
            String tone = !vm.allowedProperty().get() ? "tone-danger"
                    : vm.checkedProperty().get() ? "tone-success" : "tone-muted";
            for (Node n : List.of(icon, headline, verdict)) {
                n.getStyleClass().removeAll("tone-danger", "tone-success", "tone-muted");
                n.getStyleClass().add(tone);
            }
            icon.setIconCode(!vm.allowedProperty().get() ? Feather.X_CIRCLE
                    : vm.checkedProperty().get() ? Feather.CHECK_CIRCLE : Feather.HELP_CIRCLE);
        };
        style.run();
        vm.allowedProperty().addListener((o, a, ok) -> style.run());
        vm.checkedProperty().addListener((o, a, ok) -> style.run());
        vm.headlineProperty().addListener((o, a, now) -> style.run());
        MarkdownView body = new MarkdownView();
        body.setId("brief-body");
        vm.markdownProperty().addListener((o, a, text) -> body.setMarkdown(text));
        ScrollPane scroll = new ScrollPane(body);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        root.getStylesheets().addAll(BriefView.class.getResource("/views/brief/brief.css").toExternalForm(),
                BriefView.class.getResource("/views/review/review.css").toExternalForm(),
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
