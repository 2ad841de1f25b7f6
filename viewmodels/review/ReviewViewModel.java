package viewmodels.review;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.review.Proposal;
import services.review.ReviewService;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;

/**
 * The review queue: proposals grouped by kind and risk, open ones first, with counts; the selected proposal's
 * rationale, evidence and diff; and the triage commands (approve, reject with a reason, request changes, edit
 * then approve). After a decision the queue moves on to the next open proposal.
 */
public final class ReviewViewModel {

    public enum Filter { OPEN, DECIDED, INVALID, ALL }

    private static final List<String> RISK_ORDER = List.of("high", "medium", "low");

    private final ReviewService review;
    private final TaskRunner runner;
    private final String reviewer;
    private final ObjectProperty<Filter> filter = new SimpleObjectProperty<>(Filter.OPEN);
    private final ObservableList<QueueRow> rows = FXCollections.observableArrayList();
    private final ObservableList<QueueRow> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final ProposalDetailViewModel detail;
    private final ReadOnlyStringWrapper counts = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper selectedId = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private List<ReviewService.Item> items = List.of();
    private final java.util.function.Function<Proposal, services.policy.Policy.Applying> policy;
    private Map<String, services.policy.Policy.Applying> policies = Map.of();
    private ReviewService.Item selected;

    public ReviewViewModel(ReviewService review, TaskRunner runner, String reviewer, boolean readOnly) {
        this(review, runner, reviewer, readOnly, null);
    }

    /** @param policy the trust dial's level for a proposal, shown in the detail (null: not shown) */
    public ReviewViewModel(ReviewService review, TaskRunner runner, String reviewer, boolean readOnly,
                           java.util.function.Function<Proposal, services.policy.Policy.Applying> policy) {
        this.policy = policy;
        this.review = review;
        this.runner = runner;
        this.reviewer = reviewer;
        this.detail = new ProposalDetailViewModel(runner, readOnly);
        filter.addListener((obs, old, f) -> showRows(null));
    }

    /** Reads the queue again; keeps the selection when it is still shown, else selects {@code next}. */
    public void refresh() {
        refresh(selectedId.get());
    }

    private void refresh(String keep) {
        runner.submit("Reading proposals", progress -> {
            List<ReviewService.Item> all = review.list();
            Map<String, services.policy.Policy.Applying> levels = new java.util.HashMap<>();
            if (policy != null) {
                all.forEach(i -> levels.putIfAbsent(i.proposal().id(), policy.apply(i.proposal())));
            }
            return Map.entry(all, levels);
        }, TaskCallbacks.of(read -> {
            List<ReviewService.Item> found = read.getKey();
            policies = read.getValue();
            items = found;
            showRows(keep);
        }, error -> message.set("Could not read the proposals: " + error.getMessage())));
    }

    private void showRows(String keep) {
        List<QueueRow> shown = items.stream().filter(this::passes)
                .sorted(Comparator.comparing((ReviewService.Item i) -> !i.proposal().open())
                        .thenComparing(i -> !i.proposal().valid())
                        .thenComparing(i -> !i.approvable())
                        .thenComparing(i -> i.proposal().valid() ? i.proposal().group() : "")
                        .thenComparing(i -> RISK_ORDER.indexOf(String.valueOf(i.proposal().risk())))
                        .thenComparing(i -> i.proposal().id()))
                .map(ReviewViewModel::row).toList();
        rows.setAll(shown);
        Map<String, Long> byGroup = items.stream().filter(i -> i.proposal().valid() && i.proposal().open())
                .collect(Collectors.groupingBy(i -> i.proposal().group(), LinkedHashMap::new, Collectors.counting()));
        long open = items.stream().filter(i -> i.proposal().valid() && i.proposal().open()).count();
        long invalid = items.stream().filter(i -> !i.proposal().valid()).count();
        counts.set(open + " open" + (byGroup.isEmpty() ? "" : " — " + byGroup.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")))
                + (invalid == 0 ? "" : " · " + invalid + " invalid"));
        String target = keep != null && shown.stream().anyMatch(r -> r.id().equals(keep)) ? keep
                : shown.isEmpty() ? null : shown.get(0).id();
        select(target);
    }

    private boolean passes(ReviewService.Item item) {
        Proposal p = item.proposal();
        return switch (filter.get()) {
            case OPEN -> p.open() || !p.valid();
            case DECIDED -> p.valid() && !p.open();
            case INVALID -> !p.valid();
            case ALL -> true;
        };
    }

    private static QueueRow row(ReviewService.Item item) {
        Proposal p = item.proposal();
        String state;
        if (!p.valid()) {
            state = "invalid";
        } else if (!p.open()) {
            state = p.status();
        } else if (item.change() != null && item.change().conflicted()) {
            state = "conflict";
        } else if (item.problem() != null) {
            state = "blocked";
        } else if (item.change() != null && item.change().stale()) {
            state = "stale · merges";
        } else {
            state = p.status().equals("changes_requested") ? "changes requested" : "pending";
        }
        return new QueueRow(p.id(), p.valid() ? p.group() : "invalid", p.kind() == null ? "?" : p.kind(),
                p.risk() == null ? "" : p.risk(), p.target() == null ? "" : p.target(), p.status(), state,
                item.approvable());
    }

    /** Shows one proposal (null clears the detail). */
    public void select(String id) {
        selected = id == null ? null : items.stream().filter(i -> i.proposal().id().equals(id)).findFirst().orElse(null);
        selectedId.set(selected == null ? "" : id);
        detail.showPolicy(selected == null ? null : policies.get(selected.proposal().id()));
        detail.show(selected, rows.isEmpty() ? "Nothing to review here." : "Select a proposal.");
    }

    public void next() {
        move(1);
    }

    public void previous() {
        move(-1);
    }

    private void move(int step) {
        if (rows.isEmpty()) {
            return;
        }
        int at = 0;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).id().equals(selectedId.get())) {
                at = i;
            }
        }
        select(rows.get(Math.max(0, Math.min(rows.size() - 1, at + step))).id());
    }

    public void approve() {
        decide("Approving", id -> review.approve(id, reviewer, null));
    }

    /** Approves with the text the user edited (it replaces the proposed result). */
    public void approveEdited(String text) {
        decide("Approving (edited)", id -> review.approve(id, reviewer, text));
    }

    public void reject(String reason) {
        decide("Rejecting", id -> review.reject(id, reviewer, reason));
    }

    public void requestChanges(String feedback) {
        decide("Requesting changes", id -> review.requestChanges(id, reviewer, feedback));
    }

    private void decide(String what, java.util.function.Function<String, ReviewService.Decision> action) {
        if (selected == null) {
            return;
        }
        String id = selected.proposal().id();
        String next = nextOpenAfter(id);
        runner.submit(what + " " + id, progress -> action.apply(id), TaskCallbacks.of(decision -> {
            message.set(decision.message());
            refresh(next);
        }, error -> message.set(error.getMessage())));
    }

    private String nextOpenAfter(String id) {
        boolean past = false;
        for (QueueRow row : rows) {
            if (past && !row.state().equals("invalid")) {
                return row.id();
            }
            past = past || row.id().equals(id);
        }
        return null;
    }

    public ObjectProperty<Filter> filterProperty() {
        return filter;
    }

    public ObservableList<QueueRow> rows() {
        return rowsView;
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

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
