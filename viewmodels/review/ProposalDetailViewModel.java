package viewmodels.review;

import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.review.DecisionRecord;
import services.review.Proposal;
import services.review.ReviewService;
import services.review.TextDiff;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import viewmodels.text.Moments;

/**
 * The selected proposal: what it is, why, on what evidence, what stops it, and its diff (unified or side by side).
 * A decided proposal shows its record — what was decided, by whom, when, why, the commit — and the change as
 * committed (or as proposed when nothing was committed).
 */
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
    private final ReadOnlyStringWrapper decision = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper diffCaption = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper hasDiff = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper keys = new ReadOnlyStringWrapper(WhatApplies.keys(null, true, false));
    private final ReadOnlyStringWrapper closed = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper requestable = new ReadOnlyBooleanWrapper(false);
    private DecisionRecord record;
    private final ReadOnlyBooleanWrapper approvable = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper decidable = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper sideBySide = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper diffIntended = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper sectionsShare = new ReadOnlyDoubleWrapper(Double.NaN);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private ReviewService.Item item;
    private services.policy.Policy.Applying policy;
    private final RecallEffectViewModel recallEffect;
    private final Moments moments;
    private final SimilarLessonsViewModel similar;
    /** Which diff computation is the shown one's: an answer for an earlier proposal (or mode) is dropped. */
    private long diffAsked;

    /** Times written in UTC (a test's). */
    public ProposalDetailViewModel(TaskRunner runner, boolean readOnly) {
        this(runner, readOnly, null, null, Moments.in(java.time.ZoneOffset.UTC));
    }

    /**
     * @param similarLessons the existing lessons like a proposal (null: the section is not shown)
     * @param recallEffects  how the effect on recall of a proposal's change is computed (null: not shown)
     * @param moments        how its times (created, decided) are written: in the window's zone
     */
    public ProposalDetailViewModel(TaskRunner runner, boolean readOnly,
                                   java.util.function.Function<ReviewService.Item, services.reach.SimilarLessons.Found>
                                           similarLessons,
                                   java.util.function.Function<String, services.policy.RecallEffect.Effect>
                                           recallEffects, Moments moments) {
        this.runner = runner;
        this.moments = moments;
        this.readOnly = readOnly;
        this.similar = new SimilarLessonsViewModel(runner, similarLessons);
        this.recallEffect = new RecallEffectViewModel(runner, recallEffects);
    }

    /** The trust dial's level for the next proposal shown (null: none shown). */
    void showPolicy(services.policy.Policy.Applying applying) {
        this.policy = applying;
    }

    /** The "Effect on recall" section: its summary line, its story lines and whether they are shown. */
    public RecallEffectViewModel recallEffect() {
        return recallEffect;
    }

    /**
     * The effect on recall of approving the shown proposal, as text: the summary line, then one line per changed
     * story, its budgets on it (computed in the background on a read-only overlay of the index); empty for a decided
     * proposal.
     */
    public ReadOnlyStringProperty recallEffectProperty() {
        return recallEffect.textProperty();
    }

    /** Shows a proposal with its decision record (null when undecided); null clears the pane with {@code emptyText}. */
    void show(ReviewService.Item shown, DecisionRecord decided, String emptyText) {
        item = shown;
        record = decided;
        recallEffect.show(shown);
        if (shown == null) {
            diffAsked++;
            diffIntended.set(false);
            decision.set("");
            diffCaption.set("");
            requestable.set(false);
            heading.set(emptyText);
            details.set("");
            rationale.set("");
            evidence.set("");
            problem.set("");
            notice.set("");
            diff.clear();
            approvable.set(false);
            decidable.set(false);
            hasDiff.set(false);
            keys.set(WhatApplies.keys(null, readOnly, false));
            closed.set("");
            similar.show(null);
            return;
        }
        Proposal p = shown.proposal();
        heading.set(p.id() + (p.target() == null ? "" : " — " + p.target()));
        details.set(ReviewWords.kind(p.kind()) + (p.drift() == null ? "" : " (" + ReviewWords.drift(p.drift()) + ")")
                + (p.risk() == null ? "" : " · risk " + p.risk()) + (p.repo() == null ? "" : " · " + p.repo() + " repo")
                + " · " + (p.valid() ? ReviewWords.status(p.status()) : "invalid")
                + (p.confidence() == null ? "" : " · confidence " + p.confidence())
                + (p.created() == null ? "" : " · created " + moments.moment(p.created())) + " · " + p.file().getFileName()
                + (policy == null ? "" : " · policy " + policy));
        rationale.set(p.rationale() == null ? "" : p.rationale().strip());
        evidence.set(p.evidence().isEmpty() ? "" : "Evidence: " + String.join(" · ", p.evidence()));
        boolean conflicted = shown.change() != null && shown.change().conflicted();
        String stale = shown.change() != null && shown.change().stale() && !conflicted
                ? "Stale: the target changed; the diff shows it merged onto its current text."
                : "";
        String conflicts = conflicted ? "\n" + String.join("\n", shown.change().conflicts()) : "";
        problem.set(shown.problem() == null ? "" : shown.problem() + conflicts);
        notice.set(shown.problem() == null ? stale : "");
        decidable.set(!readOnly && p.valid() && p.open());
        requestable.set(!readOnly && p.valid() && "pending".equals(p.status()));
        decision.set(decided == null ? "" : DecisionWords.describe(decided, moments));
        showDiff();
        keys.set(WhatApplies.keys(p, readOnly, hasDiff.get()));
        closed.set(WhatApplies.closed(p));
        similar.show(shown);
    }

    /** The "Similar lessons" section: the existing lessons most like the proposal shown. */
    public SimilarLessonsViewModel similar() {
        return similar;
    }

    /** Whether the shown proposal can be approved, once its own diff is on screen. */
    private boolean approvableOnceShown() {
        return !readOnly && item != null && item.approvable();
    }

    /**
     * Computes the shown proposal's diff on the runner. Until it is on screen the pane shows no diff and the
     * proposal cannot be approved: moving quickly through the queue never shows one proposal's diff under
     * another's heading, or lets a proposal be approved beside a diff that is not its own.
     */
    private void showDiff() {
        long asked = ++diffAsked;
        approvable.set(false);
        List<TextDiff.Hunk> change;
        String caption;
        boolean intended = item != null && item.change() != null && item.change().conflicted();
        diffIntended.set(false);
        if (intended) { // approving writes nothing: what the proposal meant, against the text it was written for
            change = whole(item.change().baseText(), item.change().intended());
            caption = intendedCaption(item.proposal().base());
        } else if (item != null && item.change() != null) {
            change = whole(item.change().before(), item.change().after());
            caption = "";
        } else if (record != null && record.hasChange()) {
            change = record.change(); // a patch's hunks keep the lines their headers name
            // the record above names the commit and its branch: the caption says only what the diff is
            caption = record.asCommitted() ? "The change as committed (" + record.path() + "):" : record.note();
        } else { // no diff: the pane folds to this caption
            diff.clear();
            hasDiff.set(false);
            diffCaption.set(item == null ? "" : record != null && record.note() != null ? record.note()
                    : item.problem() != null ? "No diff: nothing would be written — what stops it is above."
                    : "No diff to show.");
            approvable.set(approvableOnceShown());
            return;
        }
        diff.clear();
        hasDiff.set(true);
        diffCaption.set("Computing the diff…");
        boolean side = sideBySide.get();
        runner.submit("Diff", progress -> DiffLines.of(change, side), TaskCallbacks.of(lines -> {
            if (asked == diffAsked) { // still the proposal (and the mode) shown
                diffCaption.set(caption);
                diffIntended.set(intended);
                diff.setAll(lines);
                approvable.set(approvableOnceShown());
            }
        }, e -> {
            if (asked == diffAsked) {
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

    public void toggleDiffMode() {
        sideBySide.set(!sideBySide.get());
        showDiff();
    }

    /**
     * Where the reviewer left the divider between the sections and the diff, as a share of their height: every
     * proposal shown afterwards keeps it, while the workspace is open. NaN until the divider is moved.
     */
    public ReadOnlyDoubleProperty sectionsShareProperty() {
        return sectionsShare.getReadOnlyProperty();
    }

    /** The reviewer moved the divider between the sections and the diff (a share of their height, 0 to 1). */
    public void keepSectionsShare(double share) {
        sectionsShare.set(Math.max(0, Math.min(1, share)));
    }

    /** The text an edit starts from: what approving would write. */
    public String proposedText() {
        return item == null || item.change() == null ? "" : item.change().after();
    }

    /** Whether the proposal shown has a diff (shown, or being computed); without one the pane folds to its caption. */
    public ReadOnlyBooleanProperty hasDiffProperty() {
        return hasDiff.getReadOnlyProperty();
    }

    /** The keys that apply to the proposal shown: moving always; deciding only while it can be decided. */
    public ReadOnlyStringProperty keysProperty() {
        return keys.getReadOnlyProperty();
    }

    /** For a decided or invalid proposal, what stands where the decision buttons are; empty while it can be decided. */
    public ReadOnlyStringProperty closedProperty() {
        return closed.getReadOnlyProperty();
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

    /** What was decided, by whom, when, why, the commit; empty while undecided. */
    public ReadOnlyStringProperty decisionProperty() {
        return decision.getReadOnlyProperty();
    }

    /** Says what the diff of a decided proposal is: as committed (which commit), or as proposed. */
    public ReadOnlyStringProperty diffCaptionProperty() {
        return diffCaption.getReadOnlyProperty();
    }

    /**
     * True while the diff shows a conflicting proposal's own change against its base — what its author meant, not
     * what approving would write (it writes nothing); the caption says so.
     */
    public ReadOnlyBooleanProperty diffIntendedProperty() {
        return diffIntended.getReadOnlyProperty();
    }

    /** Changes can be requested: a pending proposal (one already sent back waits for its author). */
    public ReadOnlyBooleanProperty requestableProperty() {
        return requestable.getReadOnlyProperty();
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
