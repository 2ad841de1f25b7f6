package viewmodels.knowledge;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.knowledge.IndexStatus;
import services.knowledge.KnowledgeIndex;
import services.sync.FileIssue;
import services.sync.SyncOptions;
import services.sync.SyncRefused;
import services.sync.SyncResult;
import services.sync.VaultSync;
import services.tasks.TaskCallbacks;
import services.tasks.TaskHandle;
import services.tasks.TaskRunner;
import services.text.HumanDuration;

/**
 * Runs the vault sync from the window (with progress and cancel) and keeps the status line: backend, document
 * count, last sync. On a workspace whose index is empty it syncs at once, so a new user sees a populated console.
 */
public final class SyncViewModel {

    private final KnowledgeIndex index;
    private final VaultSync sync;
    private final TaskRunner runner;
    private final Clock clock;
    private final boolean readOnly;
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Index: opening…");
    private final ReadOnlyStringWrapper lastResult = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyIntegerWrapper syncsFinished = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyStringWrapper massDeleteQuestion = new ReadOnlyStringWrapper("");
    private final ObservableList<String> issues = FXCollections.observableArrayList();
    private final ObservableList<String> issuesView = FXCollections.unmodifiableObservableList(issues);
    // the problems pane's title counts what the sync line counts, in its words ("7 files with problems, 2 warnings"):
    // never "(9)" for the lines beside "7 files with problems"
    private final ReadOnlyStringWrapper issuesTitle = new ReadOnlyStringWrapper("");
    private Runnable afterSync = () -> { };
    private TaskHandle current;
    private Runnable whenIdle = () -> { };

    public SyncViewModel(KnowledgeIndex index, VaultSync sync, TaskRunner runner, Clock clock, boolean readOnly) {
        this.index = index;
        this.sync = sync;
        this.runner = runner;
        this.clock = clock;
        this.readOnly = readOnly;
    }

    /** Called whenever a sync finished and the index changed (the browser searches again). */
    public void setAfterSync(Runnable action) {
        this.afterSync = action;
    }

    /** Refreshes the status; syncs at once when the index is empty. */
    public void start() {
        start(() -> { });
    }

    /**
     * Refreshes the status and syncs at once when the index is empty; {@code ready} runs when that is done (or
     * failed, or was cancelled) — the scheduler starts then, so its first jobs see a populated index.
     */
    public void start(Runnable ready) {
        runner.submit("Reading index status", progress -> snapshot(), TaskCallbacks.of(found -> {
            showStatus(found);
            showIssues(found.last().errors(), found.last().warnings());
            if (found.index().documents() == 0 && !readOnly) {
                whenIdle = ready;
                syncNow();
            } else {
                ready.run();
            }
        }, error -> {
            status.set("Index unavailable: " + error.getMessage());
            ready.run();
        }));
    }

    private void idle() {
        Runnable r = whenIdle;
        whenIdle = () -> { };
        r.run();
    }

    public void syncNow() {
        run(SyncOptions.all());
    }

    /**
     * The user confirmed the deletion a refused sync asked about: the sync runs again, allowed to delete it. The
     * sources are listed again, so what is deleted is what is gone now.
     */
    public void confirmMassDelete() {
        if (!massDeleteQuestion.get().isEmpty()) {
            massDeleteQuestion.set("");
            run(SyncOptions.all().allowingMassDelete());
        }
    }

    /** The user declined: nothing is deleted; the refusal stays in the last result. */
    public void declineMassDelete() {
        massDeleteQuestion.set("");
    }

    private void run(SyncOptions options) {
        if (running.get()) {
            return;
        }
        if (readOnly) {
            lastResult.set("This workspace is read-only: sync is disabled.");
            return;
        }
        running.set(true);
        lastResult.set("Syncing…");
        current = runner.submit("Sync", progress -> sync.run(options, progress),
                TaskCallbacks.<SyncResult>of(this::finished, error -> {
                    running.set(false);
                    if (error instanceof SyncRefused refused && refused.massDelete()) {
                        lastResult.set("Sync waiting for confirmation: nothing was synced or deleted.");
                        massDeleteQuestion.set(refused.getMessage());
                    } else {
                        lastResult.set("Sync failed: " + error.getMessage());
                    }
                    idle();
                }).withCancelled(() -> {
                    running.set(false);
                    lastResult.set("Sync cancelled; what was indexed so far is kept.");
                    refreshStatus();
                    afterSync.run();
                    idle();
                }));
    }

    public void cancel() {
        if (current != null) {
            current.cancel();
        }
    }

    private void finished(SyncResult result) {
        running.set(false);
        lastResult.set("Last sync: " + result.summary());
        showIssues(result.errors(), result.warnings());
        refreshStatus();
        afterSync.run();
        syncsFinished.set(syncsFinished.get() + 1);
        idle();
    }

    /** The scheduler synced or pruned: the status, the issues and the browser's results are read again. */
    public void indexChangedElsewhere() {
        runner.submit("Reading index status", progress -> snapshot(), TaskCallbacks.of(found -> {
            showIssues(found.last().errors(), found.last().warnings());
            long before = shownStatus == null ? 0 : shownStatus.last().finishedAt();
            if (found.last().finishedAt() > before && before > 0) {
                // a sync of the scheduler or of another console: the line no longer speaks of this window's last run
                int errors = found.last().errors().size();
                int warnings = found.last().warnings().size();
                lastResult.set("Last sync: by the scheduler or another console · " + counted(errors, warnings, 0));
            }
            showStatus(found);
        }, error -> status.set("Index unavailable: " + error.getMessage())));
        afterSync.run();
        syncsFinished.set(syncsFinished.get() + 1);
    }

    /** The index's status and the last sync's record, read together off the window's thread. */
    private record Snapshot(IndexStatus index, VaultSync.LastRun last) {
    }

    private Snapshot snapshot() {
        return new Snapshot(index.status(), sync.lastRun());
    }

    private void showIssues(List<FileIssue> errors, List<FileIssue> warnings) {
        issues.clear();
        index.problems().forEach(p -> issues.add("warning · index: " + p));
        errors.forEach(e -> issues.add("error · " + e.line()));
        warnings.forEach(w -> issues.add("warning · " + w.line()));
        issuesTitle.set("Problems the last sync reported: " + counted(errors.size(), warnings.size(),
                issues.size() - errors.size() - warnings.size()));
    }

    /** "7 files with problems, 2 warnings" (and ", 1 about the index"): each thing counted under its own name. */
    static String counted(int files, int warnings, int aboutIndex) {
        List<String> parts = new ArrayList<>();
        if (files > 0 || warnings == 0 && aboutIndex == 0) {
            parts.add(files + (files == 1 ? " file" : " files") + " with problems");
        }
        if (warnings > 0) {
            parts.add(warnings + (warnings == 1 ? " warning" : " warnings"));
        }
        if (aboutIndex > 0) {
            parts.add(aboutIndex + " about the index");
        }
        return String.join(", ", parts);
    }

    private void refreshStatus() {
        runner.submit("Reading index status", progress -> snapshot(), TaskCallbacks.of(this::showStatus,
                error -> status.set("Index unavailable: " + error.getMessage())));
    }

    private Snapshot shownStatus;

    /**
     * Says the status again as time goes by ("last sync 3 min ago" was frozen until the document count changed),
     * from what was last read: no reading, no task. Called every half minute by the window.
     */
    public void tick() {
        if (shownStatus != null) {
            showStatus(shownStatus);
        }
    }

    private void showStatus(Snapshot snapshot) {
        shownStatus = snapshot;
        IndexStatus found = snapshot.index();
        long last = snapshot.last().finishedAt();
        int drift = index.problems().size();
        status.set("Index: " + found.backend() + " · " + found.documents() + " documents · last sync "
                + (last == 0 ? "never" : ago(last)) + (drift == 0 ? "" : " · ⚠ " + drift + " schema difference"
                + (drift == 1 ? "" : "s") + " (see Knowledge)"));
    }

    private String ago(long epochSeconds) {
        long millis = clock.millis() - epochSeconds * 1000;
        return millis < 60_000 ? "just now" : HumanDuration.of(millis) + " ago";
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty lastResultProperty() {
        return lastResult.getReadOnlyProperty();
    }

    /** Non-empty while a sync waits for the user to confirm a mass deletion: the question, with what would go. */
    public ReadOnlyStringProperty massDeleteQuestionProperty() {
        return massDeleteQuestion.getReadOnlyProperty();
    }

    /** Counts the syncs finished since the window opened, here or by the scheduler: what the files' figures follow. */
    public ReadOnlyIntegerProperty syncsFinishedProperty() {
        return syncsFinished.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ObservableList<String> issues() {
        return issuesView;
    }

    /** The problems pane's title: what it lists, counted as the sync line counts it. */
    public ReadOnlyStringProperty issuesTitleProperty() {
        return issuesTitle.getReadOnlyProperty();
    }

    public boolean readOnly() {
        return readOnly;
    }
}
