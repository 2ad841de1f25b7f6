package viewmodels.review;

import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.reach.SimilarLessons;
import services.review.ReviewService;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;

/**
 * The detail pane's "Similar lessons" section: the existing lessons most like the shown proposal, found in the
 * background; an answer for a proposal no longer shown is dropped.
 */
public final class SimilarLessonsViewModel {

    private final TaskRunner runner;
    private final Function<ReviewService.Item, SimilarLessons.Found> similarLessons;
    private final ObservableList<SimilarLessonRow> similar = FXCollections.observableArrayList();
    private final ObservableList<SimilarLessonRow> similarView = FXCollections.unmodifiableObservableList(similar);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper shown = new ReadOnlyBooleanWrapper(false);
    private long asked;

    /** @param similarLessons the existing lessons like a proposal (null: the section is not shown) */
    SimilarLessonsViewModel(TaskRunner runner, Function<ReviewService.Item, SimilarLessons.Found> similarLessons) {
        this.runner = runner;
        this.similarLessons = similarLessons;
    }

    /** Looks for the existing lessons like the proposal (null: none shown), on the runner. */
    void show(ReviewService.Item item) {
        long mine = ++asked;
        similar.clear();
        shown.set(similarLessons != null && item != null && item.proposal().valid());
        if (!shown.get()) {
            status.set("");
            return;
        }
        status.set("Looking for existing lessons like this proposal…");
        runner.submit("Similar lessons", progress -> similarLessons.apply(item), TaskCallbacks.of(found -> {
            if (mine == asked) {
                similar.setAll(rows(found));
                status.set(status(found));
            }
        }, e -> {
            if (mine == asked) {
                status.set("Could not look for similar lessons: " + e.getMessage());
            }
        }));
    }

    static List<SimilarLessonRow> rows(SimilarLessons.Found found) {
        return found.matches().stream().map(m -> new SimilarLessonRow(m.id(), m.title(),
                Math.round(m.similarity() * 100) + " %", m.sentence(), m.lessonSentence(), m.contradiction(),
                m.contradiction() ? "possible contradiction" : "near-duplicate")).toList();
    }

    /** "2 existing lessons like it (by meaning, 65 % or more); 1 may say the opposite." */
    static String status(SimilarLessons.Found found) {
        String how = " (by " + found.method() + ", " + Math.round(found.threshold() * 100) + " % or more)";
        if (found.matches().isEmpty()) {
            return "No existing lesson like this" + how + "." + (found.note().isEmpty() ? "" : " " + found.note());
        }
        long opposite = found.matches().stream().filter(SimilarLessons.Match::contradiction).count();
        int n = found.matches().size();
        return n + (n == 1 ? " existing lesson" : " existing lessons") + " like this" + how
                + (opposite == 0 ? ": we may already know this." : "; " + opposite + " may say the opposite.")
                + (found.note().isEmpty() ? "" : " " + found.note());
    }

    /** The existing lessons most like the proposal shown, best first. */
    public ObservableList<SimilarLessonRow> rows() {
        return similarView;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** False when there is nothing to compare (no proposal, an invalid one) or no index to compare with. */
    public ReadOnlyBooleanProperty shownProperty() {
        return shown.getReadOnlyProperty();
    }
}
