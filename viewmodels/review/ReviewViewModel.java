package viewmodels.review;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.policy.Policy;
import services.policy.RecallEffect;
import services.reach.SimilarLessons;
import services.review.DecisionRecord;
import services.review.Proposal;
import services.review.ProposalBlocked;
import services.review.ProposalRewritten;
import services.review.ReviewQueue;
import services.review.ReviewService;
import services.review.Seen;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import viewmodels.text.Moments;

/**
 * The review queue: proposals grouped by kind and risk, open ones first, with counts; the selected proposal's
 * rationale, evidence and diff; and the triage commands (approve, reject with a reason, request changes, edit
 * then approve). After a decision the proposal stays selected — in the list with its new badge, whatever the
 * filter, until the selection moves on — so its message, its decision record and its badge are seen together.
 * Each message belongs to the proposal it is about and shows only while that proposal is selected.
 */
public final class ReviewViewModel {

    /** The queue's filters; {@link #label()} is what the screen shows. */
    public enum Filter {
        OPEN("Open (pending first)"), CHANGES_REQUESTED("Changes requested"), DECIDED("Decided"), INVALID("Invalid"),
        ALL("All proposals");

        private final String label;

        Filter(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final ReviewService review;
    private final TaskRunner runner;
    private final String reviewer;
    private final boolean readOnly;
    private final ObjectProperty<Filter> filter = new SimpleObjectProperty<>(Filter.OPEN);
    private final ObservableList<QueueRow> rows = FXCollections.observableArrayList();
    private final ObservableList<QueueRow> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final ProposalDetailViewModel detail;
    private final CapTradeViewModel capTrade;
    private final ReadOnlyStringWrapper counts = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper selectedId = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ProposalMessages messages = new ProposalMessages();
    private List<ReviewService.Item> items = List.of();
    private final Function<Proposal, Policy.Applying> policy;
    private Map<String, Policy.Applying> policies = Map.of();
    private Map<String, Instant> decidedAt = Map.of();
    private ReviewService.Item selected;
    /** The proposal just acted on: listed whatever the filter until the selection moves off it. */
    private String pinned;
    /** A proposal the inbox asked to show before the queue was read (see {@link #open}). */
    private String opening;

    /** Times written in UTC (a test's; the window gives its zone). */
    public ReviewViewModel(ReviewService review, TaskRunner runner, String reviewer, boolean readOnly) {
        this(review, runner, reviewer, readOnly, null);
    }

    /**
     * @param policy the trust dial's level for a proposal, shown in the detail (null: not shown); times written in
     *               UTC (a test's; the window gives its zone)
     */
    public ReviewViewModel(ReviewService review, TaskRunner runner, String reviewer, boolean readOnly,
                           Function<Proposal, Policy.Applying> policy) {
        this(review, runner, reviewer, readOnly, policy, null, null, ZoneOffset.UTC);
    }

    /**
     * @param recall the effect on recall of approving a proposal, by id, shown in the detail (null: not shown)
     * @param similarLessons the existing lessons like a proposal, shown in the detail (null: not shown)
     * @param zone the zone its times (created, decided) are written in: the window's
     */
    public ReviewViewModel(ReviewService review, TaskRunner runner, String reviewer, boolean readOnly,
                           Function<Proposal, Policy.Applying> policy,
                           Function<String, RecallEffect.Effect> recall,
                           Function<ReviewService.Item, SimilarLessons.Found>
                                   similarLessons, ZoneId zone) {
        this.policy = policy;
        this.review = review;
        this.runner = runner;
        this.reviewer = reviewer;
        this.readOnly = readOnly;
        this.detail = new ProposalDetailViewModel(runner, readOnly, similarLessons, recall,
                Moments.in(zone));
        this.capTrade = new CapTradeViewModel(runner, review::capReview);
        filter.addListener((obs, old, f) -> {
            pinned = null;
            showRows(null);
        });
    }

    /** Reads the queue again; keeps the selection when it is still shown, else selects {@code next}. */
    public void refresh() {
        // Also called when another console changed the proposals: the selection kept is the one shown when the
        // list arrives (the user may have moved on meanwhile), and an unchanged list changes nothing on screen.
        runner.submit("Reading proposals", progress -> QueueRead.of(review, policy), TaskCallbacks.of(read -> {
            policies = read.levels();
            decidedAt = read.decidedAt();
            List<ReviewService.Item> found = read.items();
            boolean leftOver = pinned == null && rows.stream().anyMatch(r -> found.stream() // a decided row moved off
                    .filter(i -> i.proposal().id().equals(r.id())).noneMatch(i -> QueueOrder.passes(i, filter.get())));
            if (!found.equals(items) || leftOver) {
                boolean more = messages.noteElsewhere(items, found, id -> messages.has(id) || id.equals(pinned));
                items = found;
                showRows(selectedId.get());
                if (more) {
                    showMessage();
                }
            }
        }, error -> message.set("Could not read the proposals: " + error.getMessage())));
    }

    private void refresh(String keep) {
        runner.submit("Reading proposals", progress -> QueueRead.of(review, policy), TaskCallbacks.of(read -> {
            List<ReviewService.Item> found = read.items();
            policies = read.levels();
            decidedAt = read.decidedAt();
            items = found;
            messages.clearList();
            showRows(keep);
        }, error -> {
            messages.listProblem("Could not read the proposals: " + error.getMessage());
            showMessage();
        }));
    }

    private void showRows(String keep) {
        List<QueueRow> shown = QueueOrder.rows(items, decidedAt, filter.get(), pinned, rows);
        rows.setAll(shown);
        counts.set(ReviewQueue.counts(items));
        String wanted = opening != null ? opening : keep;
        opening = null;
        String target = wanted != null && shown.stream().anyMatch(r -> r.id().equals(wanted)) ? wanted
                : shown.isEmpty() ? null : shown.get(0).id();
        select(target);
    }

    /**
     * Shows one proposal opened from elsewhere (the inbox): at once when the queue holds it, else as soon as the
     * queue is read (the section was just opened).
     */
    public void open(String id) {
        if (rows.stream().anyMatch(r -> r.id().equals(id))) {
            select(id);
        } else {
            opening = id;
        }
    }

    /** Shows one proposal (null clears the detail). */
    public void select(String id) {
        selected = id == null ? null : items.stream().filter(i -> i.proposal().id().equals(id)).findFirst().orElse(null);
        selectedId.set(selected == null ? "" : id); // first: the list shows it before the decided row leaves
        if (pinned != null && !pinned.equals(id)) {
            release();
        }
        detail.showPolicy(selected == null ? null : policies.get(selected.proposal().id()));
        capTrade.show(selected);
        detail.show(selected, selected == null ? null : recordOf(selected.proposal()),
                rows.isEmpty() ? "Nothing to review here." : "Select a proposal.");
        showMessage();
    }

    /**
     * The selection moved off the proposal just decided (with j, k, a click): it leaves a filter it no longer passes
     * now, not at the next read of the queue (which may not come while nothing else changes).
     */
    private void release() {
        String was = pinned;
        pinned = null;
        List<QueueRow> shown = QueueOrder.rows(items, decidedAt, filter.get(), null, rows);
        if (shown.equals(rows)) {
            return;
        }
        List<QueueRow> without = rows.stream().filter(r -> !r.id().equals(was)).toList();
        if (shown.equals(without)) {
            rows.removeIf(r -> r.id().equals(was)); // one row leaves; the list keeps the others and the selection
        } else {
            rows.setAll(shown);
        }
    }

    private DecisionRecord recordOf(Proposal p) {
        try {
            return review.record(p);
        } catch (RuntimeException unreadable) {
            return null;
        }
    }

    /** The section was left: its messages were read and go ("1 proposal was decided elsewhere…" among them). */
    public void messagesRead() {
        messages.read();
        showMessage();
    }

    private void showMessage() {
        message.set(messages.shown(selectedId.get(), !detail.decisionProperty().get().isEmpty()));
    }

    public void next() {
        move(1);
    }

    public void previous() {
        move(-1);
    }

    private void move(int step) {
        String to = QueueOrder.neighbour(rows, selectedId.get(), step);
        if (to != null) {
            select(to);
        }
    }

    /**
     * Approves the proposal shown. One that cannot be approved (blocked, conflicting, invalid, decided, a read-only
     * workspace) is refused by the service, whose message says why — the key {@code a} did nothing there. One that
     * can waits until its diff is on screen, as the button does: nothing is approved unseen.
     */
    public void approve() {
        if (selected != null && !readOnly && selected.approvable() && !detail.approvableProperty().get()) {
            // its diff is still being computed: said, so the key is not taken for an approval
            messages.say(selected.proposal().id(), "Not approved: its diff was still being computed — read it, then "
                    + "approve again. Nothing is approved unseen.");
            showMessage();
            return;
        }
        decide("Approving", (id, seen) -> review.approve(id, reviewer, null, seen));
    }

    /** Approves with the text the user edited (it replaces the proposed result). */
    public void approveEdited(String text) {
        decide("Approving (edited)", (id, seen) -> review.approve(id, reviewer, text, seen));
    }

    public void reject(String reason) {
        decide("Rejecting", (id, seen) -> review.reject(id, reviewer, reason, seen));
    }

    public void requestChanges(String feedback) {
        decide("Requesting changes", (id, seen) -> review.requestChanges(id, reviewer, feedback, seen));
    }

    /**
     * Decides the proposal on screen — the snapshot whose digest the detail shows: the service refuses, writing
     * nothing, when its file was rewritten since it was read ("rewritten since you saw it"), and the queue is read
     * again so that what is shown is the file as it is now.
     */
    private void decide(String what, BiFunction<String, Seen, ReviewService.Decision> action) {
        if (selected == null) {
            return;
        }
        String id = selected.proposal().id();
        Seen seen = Seen.of(selected);
        runner.submit(what + " " + id, progress -> action.apply(id, seen), TaskCallbacks.of(decision -> {
            messages.decided(id, decision.message()); // said whole only when its record cannot be read
            pinned = id;
            refresh(id);
        }, error -> {
            messages.say(id, refusal(error));
            showMessage();
            if (error instanceof ProposalRewritten) {
                refresh(); // show the file as it is now, with its digest
            }
        }));
    }

    /**
     * The service's refusal, or — when it refuses for the proposal's own problem, which the detail already shows
     * under the buttons (a blocked or conflicting proposal: its path, its reason, its conflicting lines) — one line
     * that points there.
     */
    private String refusal(Throwable error) {
        if (error instanceof ProposalBlocked && !detail.problemProperty().get().isEmpty()) {
            return "Not approved: what stops it is shown below.";
        }
        return error.getMessage();
    }

    /** The next filter, round from All to Open again (the key {@code f}): the filter box is not on the Tab path. */
    public void nextFilter() {
        Filter[] all = Filter.values();
        filter.set(all[(filter.get().ordinal() + 1) % all.length]);
    }

    public ObjectProperty<Filter> filterProperty() {
        return filter;
    }

    public ObservableList<QueueRow> rows() {
        return rowsView;
    }

    /** The selected proposal's capped file: the trade, the refusal, the stale items. */
    public CapTradeViewModel capTrade() {
        return capTrade;
    }

    public ProposalDetailViewModel detail() {
        return detail;
    }

    public ReadOnlyStringProperty countsProperty() {
        return counts.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty selectedIdProperty() {
        return selectedId.getReadOnlyProperty();
    }

    /** The message about the selected proposal (its last decision or refusal), or a problem reading the queue. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
