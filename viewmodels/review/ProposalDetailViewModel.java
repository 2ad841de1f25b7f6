package viewmodels.review;

import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ObservableList;
import services.policy.Policy;
import services.policy.RecallEffect;
import services.reach.SimilarLessons;
import services.review.DecisionRecord;
import services.review.Proposal;
import services.review.ReviewQueue;
import services.review.ReviewService;
import services.tasks.TaskRunner;
import viewmodels.text.Moments;

/**
 * The selected proposal: what it is, why, on what evidence, what stops it, and its diff (unified or side by side).
 * A decided proposal shows its record — what was decided, by whom, when, why, the commit — and the change as
 * committed (or as proposed when nothing was committed).
 */
public final class ProposalDetailViewModel {

    private final boolean readOnly;
    private final ProposalDiffViewModel diff;
    private final ReadOnlyStringWrapper heading = new ReadOnlyStringWrapper("Select a proposal.");
    private final ReadOnlyStringWrapper details = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper rationale = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper evidence = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper decision = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper digest = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper tampered = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper keys = new ReadOnlyStringWrapper(WhatApplies.keys(null, true, false, false, false));
    private final ReadOnlyStringWrapper closed = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper requestable = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper decidable = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper sectionsShare = new ReadOnlyDoubleWrapper(Double.NaN);
    private ReviewService.Item item;
    private Policy.Applying policy;
    private final RecallEffectViewModel recallEffect;
    private final Moments moments;
    private final SimilarLessonsViewModel similar;

    /** Times written in UTC (a test's). */
    public ProposalDetailViewModel(TaskRunner runner, boolean readOnly) {
        this(runner, readOnly, null, null, Moments.in(ZoneOffset.UTC));
    }

    /**
     * @param similarLessons the existing lessons like a proposal (null: the section is not shown)
     * @param recallEffects  how the effect on recall of a proposal's change is computed (null: not shown)
     * @param moments        how its times (created, decided) are written: in the window's zone
     */
    public ProposalDetailViewModel(TaskRunner runner, boolean readOnly,
                                   Function<ReviewService.Item, SimilarLessons.Found>
                                           similarLessons,
                                   Function<String, RecallEffect.Effect>
                                           recallEffects, Moments moments) {
        this.moments = moments;
        this.readOnly = readOnly;
        this.diff = new ProposalDiffViewModel(runner);
        this.similar = new SimilarLessonsViewModel(runner, similarLessons);
        this.recallEffect = new RecallEffectViewModel(runner, recallEffects);
        recallEffect.hasStoriesProperty().addListener((obs, had, has) -> showKeys()); // its stories come later
    }

    /** The keys line for the proposal shown, once its diff and the stories of its effect on recall are known. */
    private void showKeys() {
        if (item != null) {
            keys.set(WhatApplies.keys(item.proposal(), readOnly, diff.hasDiffProperty().get(), item.approvable(),
                    recallEffect.hasStoriesProperty().get()));
        }
    }

    /** The trust dial's level for the next proposal shown (null: none shown). */
    void showPolicy(Policy.Applying applying) {
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
        recallEffect.show(shown);
        if (shown == null) {
            diff.clear();
            decision.set("");
            digest.set("");
            tampered.set("");
            requestable.set(false);
            heading.set(emptyText);
            details.set("");
            rationale.set("");
            evidence.set("");
            problem.set("");
            notice.set("");
            decidable.set(false);
            keys.set(WhatApplies.keys(null, readOnly, false, false, false));
            closed.set("");
            similar.show(null);
            return;
        }
        Proposal p = shown.proposal();
        heading.set(p.id() + (p.target() == null ? "" : " — " + p.target()));
        details.set(ReviewWords.kind(p.kind()) + (p.drift() == null ? "" : " (" + ReviewWords.drift(p.drift()) + ")")
                + (p.risk() == null ? "" : " · risk " + p.risk()) + (p.repo() == null ? "" : " · " + p.repo() + " repo")
                + " · " + ReviewQueue.state(shown) // as the row's badge says it: blocked, conflict…
                + (p.confidence() == null ? "" : " · confidence " + p.confidence())
                + (p.created() == null ? "" : " · created " + moments.moment(p.created())) + " · " + p.file().getFileName()
                + (policy == null ? "" : " · policy " + policy));
        digest.set(p.digest() == null ? "" : "Digest " + p.shortDigest());
        tampered.set(p.isTampered() ? TamperWords.describe(p) : "");
        rationale.set(p.rationale() == null ? "" : p.rationale().strip());
        evidence.set(p.evidence().isEmpty() ? "" : "Evidence: " + String.join(" · ", p.evidence()));
        boolean conflicted = shown.change() != null && shown.change().conflicted();
        String stale = shown.change() != null && shown.change().stale() && !conflicted
                ? "Stale: the target changed; the diff shows it merged onto its current text."
                : "";
        String conflicts = conflicted ? "\n" + String.join("\n", shown.change().conflicts()) : "";
        // a tampered proposal's problem is what its own box says (what changed): not said twice
        problem.set(shown.problem() == null || p.isTampered() ? "" : shown.problem() + conflicts);
        notice.set(shown.problem() == null ? stale : "");
        decidable.set(!readOnly && p.valid() && p.open());
        requestable.set(!readOnly && p.valid() && "pending".equals(p.status()));
        decision.set(decided == null ? "" : DecisionWords.describe(decided, moments));
        diff.show(shown, decided, !readOnly && shown.approvable());
        showKeys();
        closed.set(WhatApplies.closed(p, readOnly));
        similar.show(shown);
    }

    /** The "Similar lessons" section: the existing lessons most like the proposal shown. */
    public SimilarLessonsViewModel similar() {
        return similar;
    }

    public void toggleDiffMode() {
        diff.toggleMode();
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
        return diff.hasDiffProperty();
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
        return diff.lines();
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

    /**
     * "Digest sha256:0123456789ab": the short digest of the snapshot shown — what a decision taken here decides
     * (empty when none is shown).
     */
    public ReadOnlyStringProperty digestProperty() {
        return digest.getReadOnlyProperty();
    }

    /**
     * For a decided proposal whose file changed since the console decided it: that it was tampered with, what changed
     * (field by field) and the bytes' difference; empty otherwise.
     */
    public ReadOnlyStringProperty tamperedProperty() {
        return tampered.getReadOnlyProperty();
    }

    /** What was decided, by whom, when, why, the commit; empty while undecided. */
    public ReadOnlyStringProperty decisionProperty() {
        return decision.getReadOnlyProperty();
    }

    /** Says what the diff of a decided proposal is: as committed (which commit), or as proposed. */
    public ReadOnlyStringProperty diffCaptionProperty() {
        return diff.captionProperty();
    }

    /**
     * True while the diff shows a conflicting proposal's own change against its base — what its author meant, not
     * what approving would write (it writes nothing); the caption says so.
     */
    public ReadOnlyBooleanProperty diffIntendedProperty() {
        return diff.intendedProperty();
    }

    /** Changes can be requested: a pending proposal (one already sent back waits for its author). */
    public ReadOnlyBooleanProperty requestableProperty() {
        return requestable.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return diff.errorProperty();
    }

    public ReadOnlyBooleanProperty approvableProperty() {
        return diff.approvableProperty();
    }

    public ReadOnlyBooleanProperty decidableProperty() {
        return decidable.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty sideBySideProperty() {
        return diff.sideBySideProperty();
    }
}
