package viewmodels.shell;

import java.nio.file.Path;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.tasks.TaskCallbacks;
import services.tasks.TaskHandle;
import services.tasks.TaskProgress;
import services.tasks.TaskRunner;
import services.workspace.RecentWorkspaces;
import services.workspace.Workspace;
import services.workspace.WorkspaceLoader;
import services.workspace.WorkspaceProblem;

/**
 * The main window: which workspace is open, the sections of the navigation rail and which one is shown, the
 * theme, the running background task, and the messages for the user. Opening a workspace runs in the background;
 * a failure leaves the current workspace open and sets {@link #errorMessageProperty()}.
 */
public final class ShellViewModel {

    private final WorkspaceLoader loader;
    private final RecentWorkspaces recents;
    private final TaskRunner runner;

    private final ReadOnlyObjectWrapper<Workspace> workspace = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Brain Console");
    private final ReadOnlyStringWrapper workspacePath = new ReadOnlyStringWrapper("");
    private final ObservableList<SectionItem> sections = FXCollections.observableArrayList();
    private final ObservableList<SectionItem> sectionsView = FXCollections.unmodifiableObservableList(sections);
    private final ReadOnlyStringWrapper selectedSection = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper darkTheme = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper errorMessage = new ReadOnlyStringWrapper("");
    private final javafx.beans.property.ReadOnlyBooleanWrapper rebuildOffered =
            new javafx.beans.property.ReadOnlyBooleanWrapper(false);
    private Runnable rebuild;
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    private final ObservableList<String> warnings = FXCollections.observableArrayList();
    private final javafx.beans.property.ReadOnlyStringWrapper policyBanner = new javafx.beans.property.ReadOnlyStringWrapper("");
    private final ObservableList<String> warningsView = FXCollections.unmodifiableObservableList(warnings);
    private final ObservableList<Path> recentWorkspaces = FXCollections.observableArrayList();
    private final ObservableList<Path> recentWorkspacesView = FXCollections.unmodifiableObservableList(recentWorkspaces);
    private final ReadOnlyStringWrapper taskMessage = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper taskProgress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyBooleanWrapper taskRunning = new ReadOnlyBooleanWrapper(false);
    private final UnsavedEdits unsaved = new UnsavedEdits(id -> sections.stream().filter(s -> s.id().equals(id))
            .map(SectionItem::title).findFirst().orElse(id), this::select);
    private final ReadOnlyStringWrapper opening = new ReadOnlyStringWrapper("");

    public ShellViewModel(WorkspaceLoader loader, RecentWorkspaces recents, TaskRunner runner) {
        this.loader = loader;
        this.recents = recents;
        this.runner = runner;
        recentWorkspaces.setAll(recents.list());
        selectedSection.addListener((obs, old, now) -> refreshPolicy()); // a freeze from the CLI shows on the next screen
        runner.addListener(new TaskRunner.TaskListener() {
            @Override
            public void progress(TaskHandle handle, TaskProgress progress) {
                taskRunning.set(true);
                taskMessage.set(progress.taskName() + (progress.message().isEmpty() ? "" : ": " + progress.message()));
                taskProgress.set(progress.fraction());
            }

            @Override
            public void finished(TaskHandle handle) {
                List<TaskHandle> still = runner.running();
                taskRunning.set(!still.isEmpty());
                taskMessage.set(still.isEmpty() ? "" : still.get(0).name());
                taskProgress.set(-1);
            }
        });
    }

    /** Opens the workspace in {@code dir} in the background; on success it becomes the current one. */
    public void openWorkspace(Path dir) {
        opening.set(dir.toString());
        runner.submit("Opening workspace", progress -> loader.load(dir), TaskCallbacks.of(this::show,
                error -> couldNotOpen("Could not open " + dir + ": " + error.getMessage())));
    }

    /** The window writes (or refreshes) the demo workspace in {@code dir}, then opens it. */
    public void openingDemo(Path dir) {
        opening.set("the demo workspace in " + dir);
    }

    /** Opening failed ({@code message} says why): nothing is opening now, and the start screen offers the choices. */
    public void couldNotOpen(String message) {
        errorMessage.set(message);
        opening.set("");
    }

    /**
     * What is being opened — a folder, "the demo workspace in …" —, empty when nothing is: while it is, the start
     * screen says so with a progress indicator instead of offering to open something else.
     */
    public ReadOnlyStringProperty openingProperty() {
        return opening.getReadOnlyProperty();
    }

    private void show(Workspace opened) {
        recents.remember(opened.dir());
        recentWorkspaces.setAll(recents.list());
        warnings.setAll(opened.problems().stream().map(WorkspaceProblem::message).toList());
        errorMessage.set("");
        title.set("Brain Console — " + opened.name() + (opened.readOnly() ? " (read-only)" : ""));
        workspacePath.set(opened.dir().toString());
        workspace.set(opened);
        opening.set(""); // after the window has put its sections in (or said why it could not)
        refreshPolicy();
    }

    /**
     * Reads the trust dial again (cheap: one small file): while it is frozen — or unreadable — a banner on every
     * screen says that every proposal waits for a person. Called on opening and on every change of section.
     */
    public void refreshPolicy() {
        Workspace ws = workspace.get();
        if (ws == null) {
            policyBanner.set("");
            return;
        }
        services.policy.PolicySettings.Loaded loaded = new services.policy.PolicySettings(ws.dir()).load();
        policyBanner.set(loaded.problem() != null ? "Trust dial: " + loaded.problem()
                : loaded.policy().frozen() ? "The trust dial is FROZEN: nothing is approved automatically; every proposal "
                + "waits for a person until it is lifted ('policy unfreeze')." : "");
    }

    public ReadOnlyStringProperty policyBannerProperty() {
        return policyBanner.getReadOnlyProperty();
    }

    /** Replaces the sections of the rail (each workspace brings its own) and keeps the selection if it still exists. */
    public void setSections(List<SectionItem> items) {
        String previous = selectedSection.get();
        unsaved.forgetAll(); // the forms of the workspace before are gone
        sections.setAll(items);
        boolean kept = items.stream().anyMatch(s -> s.id().equals(previous));
        selectedSection.set(kept ? previous : items.isEmpty() ? null : items.get(0).id());
    }

    /** The sections whose form holds unsaved edits (Settings): marked in the rail, asked about before leaving. */
    public UnsavedEdits unsaved() {
        return unsaved;
    }

    public void select(String sectionId) {
        if (sections.stream().anyMatch(s -> s.id().equals(sectionId))) {
            selectedSection.set(sectionId);
        }
    }

    /** Selects the section at a 0-based position (Ctrl+1 is position 0); out of range does nothing. */
    public void selectAt(int position) {
        if (position >= 0 && position < sections.size()) {
            selectedSection.set(sections.get(position).id());
        }
    }

    public void selectNext() {
        move(1);
    }

    public void selectPrevious() {
        move(-1);
    }

    private void move(int step) {
        if (sections.isEmpty()) {
            return;
        }
        int at = indexOfSelected();
        selectedSection.set(sections.get(Math.floorMod(at + step, sections.size())).id());
    }

    private int indexOfSelected() {
        for (int i = 0; i < sections.size(); i++) {
            if (sections.get(i).id().equals(selectedSection.get())) {
                return i;
            }
        }
        return 0;
    }

    public void toggleTheme() {
        darkTheme.set(!darkTheme.get());
    }

    public void setDarkTheme(boolean dark) {
        darkTheme.set(dark);
    }

    private List<SectionAction> sectionActions = List.of();

    /** The open workspace's actions the palette runs itself (Sync now); none while no workspace is open. */
    public void setSectionActions(List<SectionAction> actions) {
        sectionActions = List.copyOf(actions);
    }

    /** The command palette's entries (see {@link PaletteEntries}); {@code windowActions} are the window's own. */
    public CommandPaletteViewModel palette(List<CommandPaletteViewModel.Entry> windowActions) {
        return new CommandPaletteViewModel(PaletteEntries.of(sections, windowActions, sectionActions, this::select));
    }

    private Runnable demoOpener = () -> { };

    /** What "Open the demo" does (the window writes the demo into the data folder if needed and opens it). */
    public void setDemoOpener(Runnable opener) {
        this.demoOpener = opener;
    }

    /** Opens the demo workspace: the way out when no workspace could be opened. */
    public void openDemo() {
        demoOpener.run();
    }

    /** Shows a notice that survives reopening the workspace (a saved setting, a path copied); Dismiss hides it. */
    public void reportNotice(String text) {
        notice.set(text == null ? "" : text);
    }

    public void dismissNotice() {
        notice.set("");
    }

    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }

    public void dismissError() {
        errorMessage.set("");
        rebuild = null;
        rebuildOffered.set(false);
    }

    /** Shows the error of a damaged index with a button that runs {@code action} (moving it aside and syncing). */
    public void offerRebuild(String message, Runnable action) {
        rebuild = action;
        rebuildOffered.set(true);
        couldNotOpen(message);
    }

    /** The user chose to rebuild the damaged index. */
    public void rebuildIndex() {
        Runnable action = rebuild;
        dismissError();
        if (action != null) {
            action.run();
        }
    }

    public javafx.beans.property.ReadOnlyBooleanProperty rebuildOfferedProperty() {
        return rebuildOffered.getReadOnlyProperty();
    }

    /** Shows a message for a failure that happened outside any view model (the global exception handler). */
    public void reportError(String message) {
        errorMessage.set(message);
    }

    public void cancelTasks() {
        runner.running().forEach(TaskHandle::cancel);
    }

    public ReadOnlyObjectProperty<Workspace> workspaceProperty() {
        return workspace.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty workspacePathProperty() {
        return workspacePath.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ObservableList<SectionItem> sections() {
        return sectionsView;
    }

    public ReadOnlyStringProperty selectedSectionProperty() {
        return selectedSection.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty darkThemeProperty() {
        return darkTheme.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorMessageProperty() {
        return errorMessage.getReadOnlyProperty();
    }

    public ObservableList<String> warnings() {
        return warningsView;
    }

    public ObservableList<Path> recentWorkspaces() {
        return recentWorkspacesView;
    }

    public ReadOnlyStringProperty taskMessageProperty() {
        return taskMessage.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty taskProgressProperty() {
        return taskProgress.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty taskRunningProperty() {
        return taskRunning.getReadOnlyProperty();
    }
}
