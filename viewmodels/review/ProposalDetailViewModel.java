package viewmodels.review;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.review.Proposal;
import services.review.ReviewService;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;

/** The selected proposal: what it is, why, on what evidence, what stops it, and its diff (unified or side by side). */
public final class ProposalDetailViewModel {

    private final TaskRunner runner;
    private final boolean readOnly;
    private final ObservableList<DiffLine> diff = FXCollections.observableArrayList();
    private final ObservableList<DiffLine> diffView = FXCollections.unmodifiableObservableList(diff);
    private final ReadOnlyStringWrapper heading = new ReadOnlyStringWrapper("Select a proposal.");
    private final ReadOnlyStringWrapper details = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper rationale = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper evidence = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper approvable = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper decidable = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper sideBySide = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private ReviewService.Item item;
    private services.policy.Policy.Applying policy;

    public ProposalDetailViewModel(TaskRunner runner, boolean readOnly) {
        this.runner = runner;
        this.readOnly = readOnly;
    }

    /** The trust dial's level for the next proposal shown (null: none shown). */
    void showPolicy(services.policy.Policy.Applying applying) {
        this.policy = applying;
    }

    /** Shows a proposal; null clears the pane with {@code emptyText}. */
    void show(ReviewService.Item shown, String emptyText) {
        item = shown;
        if (shown == null) {
            heading.set(emptyText);
            details.set("");
            rationale.set("");
            evidence.set("");
            problem.set("");
            notice.set("");
            diff.clear();
            approvable.set(false);
            decidable.set(false);
            return;
        }
        Proposal p = shown.proposal();
        heading.set(p.id() + (p.target() == null ? "" : " — " + p.target()));
        details.set((p.kind() == null ? "unknown kind" : p.kind()) + (p.drift() == null ? "" : " (" + p.drift() + ")")
                + " · risk " + p.risk() + " · " + p.repo() + " repo · " + p.status()
                + (p.confidence() == null ? "" : " · confidence " + p.confidence())
                + (p.created() == null ? "" : " · created " + p.created()) + " · " + p.file().getFileName()
                + (policy == null ? "" : " · policy " + policy));
        rationale.set(p.rationale() == null ? "" : p.rationale().strip());
        evidence.set(p.evidence().isEmpty() ? "" : "Evidence: " + String.join(" · ", p.evidence()));
        boolean conflicted = shown.change() != null && shown.change().conflicted();
        String stale = shown.change() != null && shown.change().stale() && !conflicted
                ? "The target changed since this proposal was written; the diff shows the change merged onto the current text."
                : "";
        String conflicts = conflicted ? "\n" + String.join("\n", shown.change().conflicts()) : "";
        problem.set(shown.problem() == null ? "" : shown.problem() + conflicts);
        notice.set(shown.problem() == null ? stale : "");
        approvable.set(!readOnly && shown.approvable());
        decidable.set(!readOnly && p.valid() && p.open());
        showDiff();
    }

    private void showDiff() {
        if (item == null || item.change() == null) {
            diff.clear();
            return;
        }
        String before = item.change().before();
        String after = item.change().after();
        boolean side = sideBySide.get();
        runner.submit("Diff", progress -> DiffLines.of(before, after, side), TaskCallbacks.of(diff::setAll,
                e -> error.set("Could not compute the diff: " + e.getMessage())));
    }

    public void toggleDiffMode() {
        sideBySide.set(!sideBySide.get());
        showDiff();
    }

    /** The text an edit starts from: what approving would write. */
    public String proposedText() {
        return item == null || item.change() == null ? "" : item.change().after();
    }

    public ObservableList<DiffLine> diff() {
        return diffView;
    }

    public ReadOnlyStringProperty headingProperty() {
        return heading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty detailsProperty() {
        return details.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty rationaleProperty() {
        return rationale.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty evidenceProperty() {
        return evidence.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** Something to know that does not block approval (a stale proposal that merges cleanly). */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty approvableProperty() {
        return approvable.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty decidableProperty() {
        return decidable.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty sideBySideProperty() {
        return sideBySide.getReadOnlyProperty();
    }
}
