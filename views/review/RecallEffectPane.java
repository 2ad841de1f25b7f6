package views.review;

import atlantafx.base.theme.Styles;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import viewmodels.review.RecallEffectViewModel;

/**
 * The detail pane's "Effect on recall": the summary line, then — behind a link ("Show the 4 stories", Tab
 * reaches it; s in Review) — the stories, one bulleted line each, collapsed for each proposal so the diff below
 * stays in sight.
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
        VBox stories = new VBox(2);
        stories.setId("review-recall-stories");
        effect.storiesProperty().addListener((obs, old, lines) -> fill(stories, lines));
        fill(stories, effect.storiesProperty().get());
        stories.visibleProperty().bind(effect.hasStoriesProperty().and(effect.storiesShownProperty()));
        stories.managedProperty().bind(stories.visibleProperty());
        getChildren().addAll(summary, toggle, stories);
        visibleProperty().bind(effect.summaryProperty().isNotEmpty());
        managedProperty().bind(visibleProperty());
    }

    /** A story a line, behind a bullet: a line that wraps goes on under its text, so each story's start shows. */
    private static void fill(VBox stories, String lines) {
        stories.getChildren().setAll(lines.lines().filter(l -> !l.isBlank()).map(l -> {
            Label bullet = new Label("•");
            bullet.getStyleClass().add(Styles.TEXT_MUTED);
            bullet.setMinWidth(Region.USE_PREF_SIZE);
            Label story = wrapped(Styles.TEXT_MUTED);
            story.getStyleClass().add("review-recall-story");
            story.setText(l.strip());
            HBox.setHgrow(story, Priority.ALWAYS);
            HBox row = new HBox(6, bullet, story);
            row.setPadding(new Insets(0, 0, 0, 8));
            return (Node) row;
        }).toList());
    }

    private static Label wrapped(String style) {
        Label label = new Label();
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE); // wrapped text keeps its lines; the diff takes what is left
        label.getStyleClass().add(style);
        return label;
    }
}
