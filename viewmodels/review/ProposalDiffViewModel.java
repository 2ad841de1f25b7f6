package viewmodels.review;

import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.review.DecisionRecord;
import services.review.ReviewService;
import services.review.TextDiff;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;

/**
 * The diff of the proposal shown — what approving writes, what a conflicting proposal meant, or a decided one's
 * change as committed — unified or side by side, computed on the runner; and whether the proposal can be approved,
 * which waits for its own diff to be on screen.
 */
final class ProposalDiffViewModel {

    private final TaskRunner runner;
    private final ObservableList<DiffLine> diff = FXCollections.observableArrayList();
    private final ObservableList<DiffLine> diffView = FXCollections.unmodifiableObservableList(diff);
    private final ReadOnlyStringWrapper caption = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper hasDiff = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper intended = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper sideBySide = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper approvable = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private ReviewService.Item item;
    private DecisionRecord record;
    private boolean approvableOnceShown;
    /** Which diff computation is the shown one's: an answer for an earlier proposal (or mode) is dropped. */
    private long asked;

    ProposalDiffViewModel(TaskRunner runner) {
        this.runner = runner;
    }

    /** Shows nothing: no proposal is selected. */
    void clear() {
        asked++;
        item = null;
        record = null;
        intended.set(false);
        caption.set("");
        diff.clear();
        approvable.set(false);
        hasDiff.set(false);
    }

    /**
     * Computes the diff of {@code shown} (with its record, null while undecided) on the runner. Until it is on screen
     * the pane shows no diff and the proposal cannot be approved: moving quickly through the queue never shows one
     * proposal's diff under another's heading, or lets a proposal be approved beside a diff that is not its own.
     */
    void show(ReviewService.Item shown, DecisionRecord decided, boolean approvableOnceShown) {
        this.item = shown;
        this.record = decided;
        this.approvableOnceShown = approvableOnceShown;
        showDiff();
    }

    private void showDiff() {
        long mine = ++asked;
        approvable.set(false);
        List<TextDiff.Hunk> change;
        String text;
        boolean meant = item != null && item.change() != null && item.change().conflicted();
        intended.set(false);
        if (meant) { // approving writes nothing: what the proposal meant, against the text it was written for
            change = whole(item.change().baseText(), item.change().intended());
            text = intendedCaption(item.proposal().base());
        } else if (item != null && item.change() != null) {
            change = whole(item.change().before(), item.change().after());
            text = "";
        } else if (record != null && record.hasChange()) {
            change = record.change(); // a patch's hunks keep the lines their headers name
            // the record above names the commit and its branch: the caption says only what the diff is
            text = record.asCommitted() ? "The change as committed (" + record.path() + "):" : record.note();
        } else { // no diff: the pane folds to this caption
            diff.clear();
            hasDiff.set(false);
            caption.set(item == null ? "" : record != null && record.note() != null ? record.note()
                    : item.problem() != null ? "No diff: nothing would be written — what stops it is above."
                    : "No diff to show.");
            approvable.set(approvableOnceShown);
            return;
        }
        diff.clear();
        hasDiff.set(true);
        caption.set("Computing the diff…");
        boolean side = sideBySide.get();
        runner.submit("Diff", progress -> DiffLines.of(change, side), TaskCallbacks.of(lines -> {
            if (mine == asked) { // still the proposal (and the mode) shown
                caption.set(text);
                intended.set(meant);
                diff.setAll(lines);
                approvable.set(approvableOnceShown);
            }
        }, e -> {
            if (mine == asked) {
                error.set("Could not compute the diff: " + e.getMessage());
            }
        }));
    }

    private static List<TextDiff.Hunk> whole(String before, String after) {
        return List.of(TextDiff.Hunk.whole(before, after));
    }

    /** Says that a conflicting proposal's diff is its change as written, not what approving would do. */
    static String intendedCaption(String base) {
        String b = base == null ? "" : base.strip();
        String at = b.substring(0, Math.min(b.length(), b.startsWith("sha256:") ? 17 : 10));
        return "Conflict: the proposal's change as written, on its base " + at
                + " — not on the target now (the conflicting lines are above)";
    }

    void toggleMode() {
        sideBySide.set(!sideBySide.get());
        showDiff();
    }

    ObservableList<DiffLine> lines() {
        return diffView;
    }

    ReadOnlyStringProperty captionProperty() {
        return caption.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty hasDiffProperty() {
        return hasDiff.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty intendedProperty() {
        return intended.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty sideBySideProperty() {
        return sideBySide.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty approvableProperty() {
        return approvable.getReadOnlyProperty();
    }

    ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }
}
