package views.review;

import atlantafx.base.theme.Styles;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.layout.ColumnConstraints;
import viewmodels.review.SimilarLessonRow;
import viewmodels.review.SimilarLessonsViewModel;

/**
 * The detail pane's "Similar lessons" section: the status line, then per existing lesson like the proposal its
 * verdict (near-duplicate, possible contradiction), similarity and title, and the two closest sentences side by side.
 */
final class SimilarLessonsPane extends VBox {

    private final VBox rows = new VBox(6);

    SimilarLessonsPane(SimilarLessonsViewModel similar) {
        super(4);
        setId("review-similar");
        Label heading = new Label("Similar lessons");
        heading.getStyleClass().add(Styles.TEXT_BOLD);
        Label status = wrapped(Styles.TEXT_MUTED);
        status.setId("review-similar-status");
        status.textProperty().bind(similar.statusProperty());
        getChildren().addAll(heading, status, rows);
        visibleProperty().bind(similar.shownProperty());
        managedProperty().bind(visibleProperty());
        similar.rows().addListener((ListChangeListener<SimilarLessonRow>) c -> show(similar));
        show(similar);
    }

    private void show(SimilarLessonsViewModel similar) {
        rows.getChildren().clear();
        for (SimilarLessonRow r : similar.rows()) {
            Label head = wrapped(r.contradiction() ? "review-similar-contradiction" : "review-similar-duplicate");
            head.setText(r.similarity() + " · " + r.verdict() + " · " + r.title() + " (" + r.id() + ")");
            Label mine = wrapped(null);
            mine.setText("This proposal: " + r.sentence());
            Label theirs = wrapped(null);
            theirs.setText("The lesson: " + r.lessonSentence());
            GridPane sides = new GridPane();
            sides.setHgap(12);
            ColumnConstraints half = new ColumnConstraints();
            half.setPercentWidth(50);
            half.setHgrow(Priority.ALWAYS);
            sides.getColumnConstraints().addAll(half, half);
            sides.add(mine, 0, 0);
            sides.add(theirs, 1, 0);
            VBox row = new VBox(2, head, sides);
            row.getStyleClass().add("review-similar-row");
            rows.getChildren().add(row);
        }
    }

    private static Label wrapped(String style) {
        Label label = new Label();
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        if (style != null) {
            label.getStyleClass().add(style);
        }
        return label;
    }
}
