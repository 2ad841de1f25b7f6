package viewmodels.amendments;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.amendments.AmendmentHistory;
import services.amendments.AmendmentImpact;
import services.amendments.AmendmentsService;
import services.amendments.RevertReport;
import services.tasks.CoalescingTasks;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import viewmodels.review.DiffLine;
import viewmodels.review.DiffLines;
import viewmodels.text.Moments;

/**
 * The dream amendments screen: every applied amendment with its status, filters by target and status, the
 * selected one's diff, evidence and impact (loop outcomes before and after), and reverting the selected ones.
 */
public final class AmendmentsViewModel {

    /** The status filter; {@link #label()} is what the screen shows. */
    public enum StatusFilter {
        ALL("All statuses"), APPLIED("Applied"), REVERTED("Reverted"), MISSING("Commit missing");

        private final String label;

        StatusFilter(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final AmendmentsService service;
    private final AmendmentImpact impact;
    private final TaskRunner runner;
    /** Newest wins: a read begun before a change elsewhere never lands after one begun after it. */
    private final CoalescingTasks<AmendmentsService.Listing> reads;
    private final String reviewer;
    private final Moments moments;
    private final StringProperty targetFilter = new SimpleStringProperty("");
    private final ObjectProperty<StatusFilter> statusFilter = new SimpleObjectProperty<>(StatusFilter.ALL);
    private final ImpactWindow window = new ImpactWindow();
    private final ObservableList<AmendmentRow> rows = FXCollections.observableArrayList();
    private final ObservableList<AmendmentRow> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final ObservableList<DiffLine> diff = FXCollections.observableArrayList();
    private final ObservableList<DiffLine> diffView = FXCollections.unmodifiableObservableList(diff);
    private final ObservableList<ImpactRow> impactRows = FXCollections.observableArrayList();
    private final ObservableList<ImpactRow> impactView = FXCollections.unmodifiableObservableList(impactRows);
    private final ReadOnlyStringWrapper heading = new ReadOnlyStringWrapper("Select an amendment.");
    private final ReadOnlyStringWrapper details = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problems = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper revertable = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper runRevertable = new ReadOnlyBooleanWrapper();
    private List<AmendmentsService.Amendment> all = List.of();
    private List<String> selected = List.of();
    private final ReadOnlyObjectWrapper<List<String>> selection =
            new ReadOnlyObjectWrapper<>(List.of());
    private final Map<String, String> messages = new HashMap<>();
    private String listMessage = "";
    private boolean replacingRows;
    private AmendmentsService.Amendment shown;

    public AmendmentsViewModel(AmendmentsService service, AmendmentImpact impact, TaskRunner runner, String reviewer,
                               ZoneId zone) {
        this.service = service;
        this.impact = impact;
        this.runner = runner;
        this.reads = new CoalescingTasks<>(runner, "Reading dream amendments");
        this.reviewer = reviewer;
        this.moments = Moments.in(zone);
        targetFilter.addListener((o, a, b) -> showRows());
        statusFilter.addListener((o, a, b) -> showRows());
        window.daysProperty().addListener((o, a, b) -> showImpact());
    }

    public void refresh() {
        reads.submit(progress -> service.list(), TaskCallbacks.of(listing -> {
            if (listing.amendments().equals(all) && !all.isEmpty()) {
                return; // another console's change elsewhere: the list on screen (and its selection) stays
            }
            all = listing.amendments();
            problems.set(listing.problems().isEmpty() ? "" : "Dream log lines that could not be read: "
                    + String.join("; ", listing.problems()));
            listMessage = "";
            showRows();
        }, error -> {
            listMessage = "Could not read the dream log: " + error.getMessage();
            showMessage();
        }));
    }

    private void showRows() {
        String text = targetFilter.get().strip().toLowerCase();
        List<String> keep = selected;
        replacingRows = true; // the list's selection empties while its rows are replaced: not the user's choice
        try {
            rows.setAll(all.stream().filter(a -> text.isEmpty() || a.target().toLowerCase().contains(text)
                        || a.id().toLowerCase().contains(text))
                .filter(a -> switch (statusFilter.get()) {
                    case ALL -> true;
                    case APPLIED -> a.status() == AmendmentsService.Status.APPLIED;
                    case REVERTED -> a.status() == AmendmentsService.Status.REVERTED;
                    case MISSING -> a.status() == AmendmentsService.Status.COMMIT_MISSING;
                })
                .map(a -> AmendmentWords.row(a, moments))
                .toList());
        } finally {
            replacingRows = false;
        }
        List<String> still = keep.stream().filter(sha -> rows.stream().anyMatch(r -> r.sha().equals(sha))).toList();
        select(!still.isEmpty() ? still : rows.isEmpty() ? List.of() : List.of(rows.get(0).sha()));
    }

    /** The selection: the first one is shown; all are reverted by {@link #revertSelected()}. */
    public void select(List<String> shas) {
        if (replacingRows) {
            return;
        }
        selected = List.copyOf(shas);
        selection.set(selected);
        revertable.set(all.stream().anyMatch(a -> selected.contains(a.sha())
                && a.status() == AmendmentsService.Status.APPLIED));
        showMessage();
        shown = shas.isEmpty() ? null : all.stream().filter(a -> a.sha().equals(shas.get(0))).findFirst().orElse(null);
        runRevertable.set(!RevertQuestion.run(all, shown).isEmpty());
        if (shown == null) {
            heading.set(rows.isEmpty() ? "No amendments in the dream log." : "Select an amendment.");
            details.set("");
            diff.clear();
            impactRows.clear();
            return;
        }
        AmendmentsService.Amendment a = shown;
        heading.set(AmendmentWords.heading(a));
        details.set(AmendmentWords.details(a));
        runner.submit("Reading amendment " + a.id(), progress -> lines(service.changes(a)), TaskCallbacks.of(diff::setAll,
                error -> messages.put(a.sha(), "Could not read commit " + a.sha() + ": " + error.getMessage())));
        showImpact();
    }

    private static List<DiffLine> lines(List<AmendmentHistory.FileChange> changes) {
        List<DiffLine> out = new ArrayList<>();
        for (AmendmentHistory.FileChange c : changes) {
            if (changes.size() > 1) {
                out.add(new DiffLine(false, "skip", "", List.of(new DiffLine.Segment(c.path(), true)), "", List.of()));
            }
            out.addAll(DiffLines.of(c.before(), c.after(), false));
        }
        return out;
    }

    private void showImpact() {
        if (shown == null || shown.at() == null) {
            impactRows.clear();
            return;
        }
        AmendmentsService.Amendment a = shown;
        int days = window.daysProperty().get();
        runner.submit("Impact", progress -> impact.around(a.at(), days), TaskCallbacks.of(found -> {
            if (a != shown || days != window.daysProperty().get()) {
                return; // computed for another amendment or window than the one now asked for: its own run follows
            }
            impactRows.setAll(found.stream().map(p -> new ImpactRow(p.project(), AmendmentWords.outcome(p.before()),
                    AmendmentWords.outcome(p.after()))).toList());
        }, error -> message.set("Could not compute the impact: " + error.getMessage())));
    }

    /**
     * Reverts what can be reverted of the selection, newest first; one already reverted or whose commit is missing
     * is left out. The message names each selected amendment and what happened to it; when none could be reverted,
     * the service's refusal says why.
     */
    public void revertSelected() {
        if (selected.isEmpty()) {
            return;
        }
        List<String> shas = selected;
        runner.submit("Reverting " + shas.size() + (shas.size() == 1 ? " amendment" : " amendments"),
                progress -> service.revertWhatCan(shas, reviewer), TaskCallbacks.of(report -> {
                    String text = String.join("\n", report.lines()) + ".";
                    shas.forEach(sha -> messages.put(sha, text));
                    refresh(); // the reverted ones stay selected, now marked reverted
                }, error -> {
                    shas.forEach(sha -> messages.put(sha, error.getMessage()));
                    showMessage();
                }));
    }

    /**
     * Reverts every amendment of the shown one's run (its cycle), newest first, all or nothing, with one record and
     * {@code reason}; the message says what was reverted, or which commit could not be and why (nothing reverted).
     */
    public void revertRun(String reason) {
        if (shown == null || !runRevertable.get()) {
            return;
        }
        String run = shown.cycle();
        List<String> shas = RevertQuestion.run(all, shown).stream().map(AmendmentsService.Amendment::sha).toList();
        runner.submit("Reverting run " + run, progress -> service.revertRun(run, reviewer, reason),
                TaskCallbacks.of(done -> {
                    String text = "Reverted run " + run + ", newest first, recorded once.\n" + String.join("\n",
                            new RevertReport(done.reverted(), done.leftOut()).lines()) + ".";
                    shas.forEach(sha -> messages.put(sha, text));
                    refresh();
                }, error -> {
                    shas.forEach(sha -> messages.put(sha, error.getMessage()));
                    showMessage();
                }));
    }

    /** What the whole-run confirmation asks: the run, its commits newest first, those already reverted. */
    public RevertQuestion runQuestion() {
        return RevertQuestion.ofRun(all, shown);
    }

    /** Whether the shown amendment's run has an amendment that can still be reverted. */
    public ReadOnlyBooleanProperty runRevertableProperty() {
        return runRevertable.getReadOnlyProperty();
    }

    /** The message about the amendment shown (its revert, or why it failed), or a problem reading the log. */
    private void showMessage() {
        String own = selected.isEmpty() ? null : messages.get(selected.get(0));
        message.set(own != null ? own : listMessage);
    }

    /**
     * What the revert confirmation asks about the selection, each thing once, in the list's words: the ones it
     * reverts, and the ones left out with why.
     */
    public RevertQuestion revertQuestion() {
        return RevertQuestion.of(all.stream().filter(a -> selected.contains(a.sha())).toList());
    }

    /** Whether the selection holds an amendment that can be reverted (applied, its commit there). */
    public ReadOnlyBooleanProperty revertableProperty() {
        return revertable.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<String>> selectionProperty() {
        return selection.getReadOnlyProperty();
    }

    public int selectedCount() {
        return selected.size();
    }

    public StringProperty targetFilterProperty() {
        return targetFilter;
    }

    public ObjectProperty<StatusFilter> statusFilterProperty() {
        return statusFilter;
    }

    /** The impact's window in days, as typed, accepted or refused. */
    public ImpactWindow impactWindow() {
        return window;
    }

    public ObservableList<AmendmentRow> rows() {
        return rowsView;
    }

    public ObservableList<DiffLine> diff() {
        return diffView;
    }

    public ObservableList<ImpactRow> impact() {
        return impactView;
    }

    public ReadOnlyStringProperty headingProperty() {
        return heading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty detailsProperty() {
        return details.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemsProperty() {
        return problems.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
