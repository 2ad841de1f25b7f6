package viewmodels.inbox;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.inbox.Inbox;
import services.inbox.InboxItem;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import services.text.HumanDuration;

/**
 * The inbox, the window's first screen: what waits for a person, most urgent first, each row one key ({@link #open})
 * away from where it is acted on. Read again by {@link #refresh()} whenever the workspace changes (a decision, a
 * clear, a sync, a watchdog run) — so a done item leaves the list — and each read tells the navigation how many
 * items wait in each section. Its state is one calm sentence: reading, nothing needs you, or why it could not read.
 */
public final class InboxViewModel {

    public static final String EMPTY = "Nothing needs you.";
    public static final String LOADING = "Looking for what needs you…";

    private final Supplier<Inbox> source;
    private final TaskRunner runner;
    private final BiConsumer<String, String> opener;
    private final Consumer<Map<String, Integer>> counts;
    private final ObservableList<InboxRow> rows = FXCollections.observableArrayList();
    private final ObservableList<InboxRow> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final ObservableList<String> receipts = FXCollections.observableArrayList();
    private final ObservableList<String> receiptsView = FXCollections.unmodifiableObservableList(receipts);
    private final ReadOnlyStringWrapper state = new ReadOnlyStringWrapper(LOADING);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper failed = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyIntegerWrapper selected = new ReadOnlyIntegerWrapper(-1);
    private boolean reading;
    private boolean again;

    /**
     * @param source what waits (blocking: run through {@code runner})
     * @param opener opens a section of the window at a subject (a proposal id, a failed target's key, or null)
     * @param counts told each section's count after every read (the navigation's badges)
     */
    public InboxViewModel(Supplier<Inbox> source, TaskRunner runner, BiConsumer<String, String> opener,
                          Consumer<Map<String, Integer>> counts) {
        this.source = source;
        this.runner = runner;
        this.opener = opener;
        this.counts = counts;
    }

    /** Reads the inbox again; a refresh asked for while one runs is done once after it. */
    public void refresh() {
        if (reading) {
            again = true;
            return;
        }
        reading = true;
        if (rows.isEmpty() && !failed.get()) {
            state.set(LOADING);
        }
        runner.submit("Reading the inbox", progress -> source.get(), TaskCallbacks.of(this::show, error -> {
            failed.set(true);
            state.set("Could not read what needs you: " + error.getMessage());
            done();
        }));
    }

    private void done() {
        reading = false;
        if (again) {
            again = false;
            refresh();
        }
    }

    private void show(Inbox inbox) {
        failed.set(false);
        InboxRow keep = selectedRow();
        rows.setAll(inbox.items().stream().map(i -> row(i, inbox)).toList());
        receipts.setAll(inbox.receipts().stream().map(r -> r.headline() + "  ·  " + r.evidence() + "  ·  "
                + HumanDuration.of(Math.max(0, inbox.readAt().toEpochMilli() - r.time().toEpochMilli())) + " ago").toList());
        int at = keep == null ? -1 : indexOf(keep);
        selected.set(rows.isEmpty() ? -1 : at >= 0 ? at : Math.min(Math.max(selected.get(), 0), rows.size() - 1));
        state.set(rows.isEmpty() ? EMPTY : "");
        summary.set(rows.isEmpty() ? "" : rows.size() == 1 ? "1 thing needs you" : rows.size() + " things need you");
        Map<String, Integer> bySection = new LinkedHashMap<>(inbox.countsBySection());
        bySection.put("inbox", rows.size());
        counts.accept(bySection);
        done();
    }

    private int indexOf(InboxRow row) {
        for (int i = 0; i < rows.size(); i++) {
            InboxRow r = rows.get(i);
            if (r.section().equals(row.section()) && r.what().equals(row.what())) {
                return i;
            }
        }
        return -1;
    }

    private InboxRow row(InboxItem i, Inbox inbox) {
        long ago = i.since() == null ? -1 : inbox.readAt().toEpochMilli() - i.since().toEpochMilli();
        String age = ago < 0 ? "" : ago < 60_000 ? "now" : HumanDuration.of(ago);
        return new InboxRow(i.kind().name().toLowerCase(Locale.ROOT), i.kind().words(), i.what(), i.why(),
                age, tone(i), i.section(), i.subject());
    }

    /** The design's palette: danger for what breaks or is lost soon, warning for what is due, accent for the rest. */
    static String tone(InboxItem i) {
        if (i.rank() <= 2) {
            return "danger";
        }
        return i.rank() <= 6 ? "warning" : "accent";
    }

    /** Opens where the row at {@code index} is acted on. */
    public void open(int index) {
        if (index >= 0 && index < rows.size()) {
            InboxRow row = rows.get(index);
            opener.accept(row.section(), row.subject());
        }
    }

    /** Opens where the selected row is acted on (Enter). */
    public void openSelected() {
        open(selected.get());
    }

    public void select(int index) {
        selected.set(rows.isEmpty() ? -1 : Math.max(0, Math.min(index, rows.size() - 1)));
    }

    /** j / Down. */
    public void selectNext() {
        select(selected.get() + 1);
    }

    /** k / Up. */
    public void selectPrevious() {
        select(selected.get() - 1);
    }

    private InboxRow selectedRow() {
        int i = selected.get();
        return i >= 0 && i < rows.size() ? rows.get(i) : null;
    }

    public ObservableList<InboxRow> rows() {
        return rowsView;
    }

    /**
     * The trust dial's receipts of the last day, newest first, one line each: what changed — why · the evidence
     * (proposal, commit, who applied it, a revert) · how long ago. Told, not waiting: not counted as rows.
     */
    public ObservableList<String> receipts() {
        return receiptsView;
    }

    /** Empty while rows show; else the one calm sentence: reading, nothing needs you, or the error. */
    public ReadOnlyStringProperty stateProperty() {
        return state.getReadOnlyProperty();
    }

    /** "3 things need you" (empty when nothing does). */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty failedProperty() {
        return failed.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty selectedProperty() {
        return selected.getReadOnlyProperty();
    }
}
