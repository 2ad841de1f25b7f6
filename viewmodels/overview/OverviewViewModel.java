package viewmodels.overview;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import services.workspace.Workspace;
import services.workspace.WorkspaceInventory;

/** The Overview section: the open workspace, its folders and whether each is usable, and what it holds. */
public final class OverviewViewModel {

    /** One row of the folders table. */
    public record LocationRow(String key, String path, String status, boolean usable) {
    }

    /** One figure of the "what it holds" strip. */
    public record Figure(String label, String value) {
    }

    private final Workspace workspace;
    private final WorkspaceInventory inventory;
    private final TaskRunner runner;
    private final ReadOnlyStringWrapper heading = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper details = new ReadOnlyStringWrapper();
    private final ObservableList<LocationRow> locations = FXCollections.observableArrayList();
    private final ObservableList<LocationRow> locationsView = FXCollections.unmodifiableObservableList(locations);
    private final ObservableList<Figure> figures = FXCollections.observableArrayList();
    private final ObservableList<Figure> figuresView = FXCollections.unmodifiableObservableList(figures);

    public OverviewViewModel(Workspace workspace, WorkspaceInventory inventory, TaskRunner runner) {
        this.workspace = workspace;
        this.inventory = inventory;
        this.runner = runner;
        heading.set(workspace.name());
        details.set(workspace.dir() + " · index: " + workspace.index().backend()
                + " · review branch: " + workspace.reviewBranch()
                + (workspace.readOnly() ? " · read-only" : ""));
    }

    public void refresh() {
        runner.submit("Reading workspace", progress -> inventory.take(workspace), TaskCallbacks.of(this::show,
                error -> details.set("Could not read the workspace: " + error.getMessage())));
    }

    private void show(WorkspaceInventory.Inventory found) {
        locations.setAll(found.locations().stream()
                .map(l -> new LocationRow(l.key(), l.path().toString(), l.status(), l.usable())).toList());
        figures.setAll(
                new Figure("ADR files", Integer.toString(found.adrs())),
                new Figure("Skills", Integer.toString(found.skills())),
                new Figure("Retros", Integer.toString(found.retros())),
                new Figure("Brain notes", Integer.toString(found.brainNotes())),
                new Figure("Proposals", Integer.toString(found.proposals())));
    }

    public ReadOnlyStringProperty headingProperty() {
        return heading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty detailsProperty() {
        return details.getReadOnlyProperty();
    }

    public ObservableList<LocationRow> locations() {
        return locationsView;
    }

    public ObservableList<Figure> figures() {
        return figuresView;
    }
}
