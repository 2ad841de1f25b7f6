package views.review;

import atlantafx.base.theme.Styles;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import viewmodels.review.RecallEffectViewModel;

/**
 * The detail pane's "Effect on recall": the summary line, then — behind a link ("Show the 4 stories", Tab
 * reaches it; s in Review) — the story lines, collapsed for each proposal so the diff below stays in sight.
 */
final class RecallEffectPane extends VBox {

    RecallEffectPane(RecallEffectViewModel effect) {
        super(2);
        setId("review-recall-pane");
        Label summary = wrapped(Styles.TEXT_MUTED);
        summary.setId("review-recall");
        summary.textProperty().bind(effect.summaryProperty());
        Hyperlink toggle = new Hyperlink();
        toggle.setId("review-recall-toggle");
        toggle.setMnemonicParsing(false);
        toggle.setMinWidth(Region.USE_PREF_SIZE);
        toggle.textProperty().bind(effect.toggleTextProperty());
        toggle.visibleProperty().bind(effect.hasStoriesProperty());
        toggle.managedProperty().bind(toggle.visibleProperty());
        toggle.setOnAction(e -> {
            effect.toggleStories();
            toggle.setVisited(false); // a switch, not a link followed
        });
        Label stories = wrapped(Styles.TEXT_MUTED);
        stories.setId("review-recall-stories");
        stories.textProperty().bind(effect.storiesProperty());
        stories.visibleProperty().bind(effect.hasStoriesProperty().and(effect.storiesShownProperty()));
        stories.managedProperty().bind(stories.visibleProperty());
        getChildren().addAll(summary, toggle, stories);
        visibleProperty().bind(effect.summaryProperty().isNotEmpty());
        managedProperty().bind(visibleProperty());
    }

    private static Label wrapped(String style) {
        Label label = new Label();
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE); // wrapped text keeps its lines; the diff takes what is left
        label.getStyleClass().add(style);
        return label;
    }
}
