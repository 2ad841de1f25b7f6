package viewmodels.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import services.review.remote.SharedBranch;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import services.text.PlainText;

/**
 * The status bar's word on the shared review branch: "Review branch: 2 decisions not pushed · offline", ahead and
 * behind of the remote for each repository in its tooltip, and Sync now. Read again after each push (a decision's,
 * the scheduler's, this one's) and whenever the window asks; empty, and hidden, when the workspace shares nothing.
 * The words are {@link SharedBranch.Report#statusLine()}'s: the inbox and {@code sync-review --status} say the same.
 */
public final class ReviewSharingViewModel {

    /** The start of the status bar's text. */
    public static final String PREFIX = "Review branch: ";

    private final Supplier<SharedBranch.Report> pending;
    private final Supplier<SharedBranch.Report> sync;
    private final TaskRunner runner;
    private final boolean readOnly;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper detail = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper attention = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper shared = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper syncing = new ReadOnlyBooleanWrapper(false);
    private boolean reading;
    private boolean again;

    /**
     * @param pending where the branch stands (refs and the state file only; blocking: run through {@code runner})
     * @param sync    fetches and pushes now (blocking, the network)
     * @param readOnly a read-only workspace shows where it stands, and never syncs from here
     */
    public ReviewSharingViewModel(Supplier<SharedBranch.Report> pending, Supplier<SharedBranch.Report> sync,
                                  TaskRunner runner, boolean readOnly) {
        this.pending = pending;
        this.sync = sync;
        this.runner = runner;
        this.readOnly = readOnly;
    }

    /** Reads where the branch stands again; one asked for while one runs is done once after it. */
    public void refresh() {
        if (reading) {
            again = true;
            return;
        }
        reading = true;
        runner.submit("Reading the review branch", progress -> pending.get(), TaskCallbacks.of(r -> {
            show(r);
            read();
        }, error -> {
            text.set(PREFIX + "cannot be read");
            shared.set(true);
            detail.set(PlainText.oneLine(String.valueOf(error.getMessage())));
            attention.set(true);
            read();
        }));
    }

    private void read() {
        reading = false;
        if (again) {
            again = false;
            refresh();
        }
    }

    /** Fetches and pushes now (the status bar's click); nothing on a read-only workspace, or while one runs. */
    public void syncNow() {
        if (readOnly || syncing.get() || !shared.get()) {
            return;
        }
        syncing.set(true);
        runner.submit("Pushing the review branch", progress -> sync.get(), TaskCallbacks.of(r -> {
            syncing.set(false);
            show(r);
        }, error -> {
            syncing.set(false);
            detail.set(PlainText.oneLine(String.valueOf(error.getMessage())));
            attention.set(true);
        }));
    }

    /** Shows a report (a sync's, told by the service after a push made elsewhere in the window). */
    public void show(SharedBranch.Report r) {
        String line = r.statusLine();
        shared.set(!line.isEmpty() || !r.messages().isEmpty() && r.repositories().isEmpty());
        if (r.repositories().isEmpty()) {
            text.set(r.messages().isEmpty() ? "" : PREFIX + "not shared");
            detail.set(r.messages().isEmpty() ? "" : PlainText.oneLine(r.messages().get(0)));
            attention.set(!r.messages().isEmpty());
            return;
        }
        text.set(PREFIX + line);
        List<String> lines = new ArrayList<>();
        for (SharedBranch b : r.repositories()) {
            lines.add(PlainText.oneLine(b.remote()) + ": " + b.ahead() + " ahead, " + b.behind() + " behind"
                    + (b.result() == null ? "" : " (last sync: " + b.result() + ")"));
            if (b.problem() != null) {
                lines.add("  " + PlainText.oneLine(b.problem()));
            }
        }
        if (!readOnly) {
            lines.add("Click to fetch and push now.");
        }
        detail.set(String.join("\n", lines));
        attention.set(r.notPushed() > 0 || r.failed() || r.behind() > 0);
    }

    /** "Review branch: 2 decisions not pushed · offline"; empty when the workspace shares nothing. */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /** Each repository: the remote, ahead, behind, the last result and its problem (the tooltip). */
    public ReadOnlyStringProperty detailProperty() {
        return detail.getReadOnlyProperty();
    }

    /** Something waits or went wrong: decisions not pushed, behind, offline, refused. */
    public ReadOnlyBooleanProperty attentionProperty() {
        return attention.getReadOnlyProperty();
    }

    /** Whether the workspace shares its review branch (or tries to: a wrong setting shows too). */
    public ReadOnlyBooleanProperty sharedProperty() {
        return shared.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty syncingProperty() {
        return syncing.getReadOnlyProperty();
    }
}
