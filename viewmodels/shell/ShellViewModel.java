package viewmodels.shell;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import services.workspace.RecentWorkspaces;
import services.workspace.Workspace;
import services.workspace.WorkspaceLoader;
import services.workspace.WorkspaceProblem;

/**
 * The main window: which workspace is open, the sections of the navigation rail and which one is shown, the
 * theme, the running background task, and the messages for the user. Opening a workspace runs in the background;
 * a failure leaves the current workspace open and sets {@link #errorMessageProperty()}. The rail's sections and
 * the selection are kept by {@link SectionNavigation}, the running task by {@link TaskStatus}, the
 * trust dial's banner by {@link TrustDialBanner}.
 */
public final class ShellViewModel {

    private final WorkspaceLoader loader;
    private final RecentWorkspaces recents;
    private final TaskRunner runner;

    private final ReadOnlyObjectWrapper<Workspace> workspace = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Brain Console");
    private final ReadOnlyStringWrapper workspacePath = new ReadOnlyStringWrapper("");
    private final SectionNavigation navigation = new SectionNavigation();
    private final ReadOnlyBooleanWrapper darkTheme = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper errorMessage = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper rebuildOffered = new ReadOnlyBooleanWrapper(false);
    private Runnable rebuild;
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    private final ObservableList<String> warnings = FXCollections.observableArrayList();
    private final TrustDialBanner policyBanner = new TrustDialBanner();
    private final ObservableList<String> warningsView = FXCollections.unmodifiableObservableList(warnings);
    private final ObservableList<Path> recentWorkspaces = FXCollections.observableArrayList();
    private final ObservableList<Path> recentWorkspacesView = FXCollections.unmodifiableObservableList(recentWorkspaces);
    private final TaskStatus tasks;
    private final ReadOnlyStringWrapper opening = new ReadOnlyStringWrapper("");
    private final ObservableMap<String, Integer> waiting = FXCollections.observableHashMap();
    private final ObservableMap<String, Integer> waitingView =
            FXCollections.unmodifiableObservableMap(waiting);

    public ShellViewModel(WorkspaceLoader loader, RecentWorkspaces recents, TaskRunner runner) {
        this.loader = loader;
        this.recents = recents;
        this.runner = runner;
        this.tasks = new TaskStatus(runner);
        recentWorkspaces.setAll(recents.list());
        navigation.selectedProperty().addListener((obs, old, now) -> refreshPolicy()); // a freeze from the CLI shows on the next screen
    }

    /** Opens the workspace in {@code dir} in the background; on success it becomes the current one. */
    public void openWorkspace(Path dir) {
        opening.set(dir.toString());
        runner.submit("Opening workspace", progress -> loader.load(dir), TaskCallbacks.of(this::show,
                error -> couldNotOpen(String.valueOf(error.getMessage()).contains(dir.toString())
                        ? "Could not open the workspace: " + error.getMessage() // it names the folder: once is enough
                        : "Could not open " + dir + ": " + error.getMessage())));
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
        policyBanner.refresh(workspace.get());
    }

    public ReadOnlyStringProperty policyBannerProperty() {
        return policyBanner.textProperty();
    }

    /** Replaces the sections of the rail (each workspace brings its own) and keeps the selection if it still exists. */
    public void setSections(List<SectionItem> items) {
        waiting.clear();
        navigation.setSections(items);
    }

    /**
     * How many items of the inbox wait in each section (the rail's counts); replaced after every read of the inbox,
     * emptied when another workspace opens.
     */
    public void setWaitingCounts(Map<String, Integer> counts) {
        waiting.keySet().retainAll(counts.keySet());
        waiting.putAll(counts);
    }

    public ObservableMap<String, Integer> waitingCounts() {
        return waitingView;
    }

    /** The sections whose form holds unsaved edits (Settings): marked in the rail, asked about before leaving. */
    public UnsavedEdits unsaved() {
        return navigation.unsaved();
    }

    /** What each section's messages do when it is left (they were read, so they go). */
    public SectionMessages messages() {
        return navigation.messages();
    }

    public void select(String sectionId) {
        navigation.select(sectionId);
    }

    /** Selects the section at a 0-based position (Ctrl+1 is position 0); out of range does nothing. */
    public void selectAt(int position) {
        navigation.selectAt(position);
    }

    public void selectNext() {
        navigation.move(1);
    }

    public void selectPrevious() {
        navigation.move(-1);
    }

    public void toggleTheme() {
        darkTheme.set(!darkTheme.get());
    }

    public void setDarkTheme(boolean dark) {
        darkTheme.set(dark);
    }

    /** The open workspace's actions the palette runs itself (Sync now); none while no workspace is open. */
    public void setSectionActions(List<SectionAction> actions) {
        navigation.setSectionActions(actions);
    }

    /** The command palette's entries (see {@link PaletteEntries}); {@code windowActions} are the window's own. */
    public CommandPaletteViewModel palette(List<CommandPaletteViewModel.Entry> windowActions) {
        return navigation.palette(windowActions);
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

    public ReadOnlyBooleanProperty rebuildOfferedProperty() {
        return rebuildOffered.getReadOnlyProperty();
    }

    /** Shows a message for a failure that happened outside any view model (the global exception handler). */
    public void reportError(String message) {
        errorMessage.set(message);
    }

    /** The background task the status bar shows, and its Cancel. */
    public TaskStatus tasks() {
        return tasks;
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
        return navigation.sections();
    }

    public ReadOnlyStringProperty selectedSectionProperty() {
        return navigation.selectedProperty();
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
}
