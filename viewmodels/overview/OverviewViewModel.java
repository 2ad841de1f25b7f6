package viewmodels.overview;

import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import java.util.List;
import java.util.function.Supplier;
import services.brain.BrainEra;
import services.review.Proposal;
import services.sync.SyncSources;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;
import services.workspace.Workspace;
import services.workspace.WorkspaceInventory;

/** The Overview section: the open workspace, its folders and whether each is usable, and what it holds. */
public final class OverviewViewModel {

    /** One row of the folders table. */
    public record LocationRow(String key, String path, String status, boolean usable) {
    }

    /**
     * One figure of the "what it holds" strip; {@code note} says how many of them the last sync could not index
     * (empty when all were, or for what the sync does not read), {@code detail} names them with the reason.
     */
    public record Figure(String label, String value, String note, String detail) {
        public Figure(String label, String value) {
            this(label, value, "", "");
        }
    }

    private final Workspace workspace;
    private final WorkspaceInventory inventory;
    private final TaskRunner runner;
    private final Supplier<SyncSources.Sources> sources;
    private final Supplier<List<Proposal>> proposals;
    private final ReadOnlyStringWrapper heading = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper folder = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper details = new ReadOnlyStringWrapper();
    private final ObservableList<LocationRow> locations = FXCollections.observableArrayList();
    private final ObservableList<LocationRow> locationsView = FXCollections.unmodifiableObservableList(locations);
    private final ObservableList<Figure> figures = FXCollections.observableArrayList();
    private final ObservableList<Figure> figuresView = FXCollections.unmodifiableObservableList(figures);
    private final ObservableList<String> era = FXCollections.observableArrayList();
    private final ObservableList<String> eraView = FXCollections.unmodifiableObservableList(era);
    private Supplier<BrainEra.Era> eraSource = () -> null;

    /** {@code sources}: the files the sync reads and which of them its last run could not index (blocking). */
    public OverviewViewModel(Workspace workspace, WorkspaceInventory inventory, Supplier<SyncSources.Sources> sources,
                             TaskRunner runner) {
        this(workspace, inventory, sources, () -> null, runner);
    }

    /** {@code proposals}: the proposals as the review reads them (blocking), for how many are open and invalid. */
    public OverviewViewModel(Workspace workspace, WorkspaceInventory inventory, Supplier<SyncSources.Sources> sources,
                             Supplier<List<Proposal>> proposals, TaskRunner runner) {
        this.proposals = proposals;
        this.workspace = workspace;
        this.inventory = inventory;
        this.sources = sources;
        this.runner = runner;
        heading.set(workspace.name());
        folder.set(workspace.dir().toString());
        details.set("index: " + workspace.index().backend()
                + " · review branch: " + workspace.reviewBranch()
                + (workspace.readOnly() ? " · read-only" : ""));
    }

    /**
     * Which era each source is from (the last Vault ADR, the newest Brain page, critical.db's freshness), read with
     * the figures (blocking). Returns this view model.
     */
    public OverviewViewModel withEra(Supplier<BrainEra.Era> era) {
        this.eraSource = era;
        return this;
    }

    public void refresh() {
        runner.submit("Reading workspace", progress -> new Found(inventory.take(workspace), sources.get(), proposals.get(),
                        eraSource.get()),
                TaskCallbacks.of(this::show, error -> details.set("Could not read the workspace: " + error.getMessage())));
    }

    private record Found(WorkspaceInventory.Inventory inventory, SyncSources.Sources sources, List<Proposal> proposals,
                         BrainEra.Era era) {
    }

    private void show(Found found) {
        locations.setAll(found.inventory().locations().stream()
                .map(l -> new LocationRow(l.key(), l.path().toString(), l.status(), l.usable())).toList());
        SyncSources.Sources s = found.sources();
        figures.setAll(
                figure("ADR files", s.adrs(), s.synced()),
                figure("Skills", s.skills(), s.synced()),
                figure("Retros", s.retros(), s.synced()),
                figure("Brain notes", s.brainNotes(), s.synced()),
                proposals(found.inventory().proposals(), found.proposals()));
        era.setAll(found.era() == null ? List.of() : found.era().lines());
    }

    /** "12 Proposals", and under it how many wait for a decision and how many are invalid: "6 open · 4 invalid". */
    private static Figure proposals(int files, List<Proposal> read) {
        if (read == null) {
            return new Figure("Proposals", Integer.toString(files));
        }
        long open = read.stream().filter(p -> p.valid() && p.open()).count();
        long invalid = read.stream().filter(p -> !p.valid()).count();
        return new Figure("Proposals", Integer.toString(read.size()), open + " open" + (invalid == 0 ? ""
                : " · " + invalid + " invalid"), "");
    }

    private static Figure figure(String label, SyncSources.Count count, boolean synced) {
        String value = Integer.toString(count.files());
        if (!synced) {
            return new Figure(label, value, count.files() == 0 ? "" : "not synced yet", "");
        }
        if (count.notIndexed().isEmpty()) {
            return new Figure(label, value);
        }
        String detail = count.notIndexed().stream().map(e -> e.path() + ": " + e.reason())
                .collect(Collectors.joining("\n"));
        return new Figure(label, value, count.notIndexed().size() + " not indexed", detail);
    }

    public ReadOnlyStringProperty headingProperty() {
        return heading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty detailsProperty() {
        return details.getReadOnlyProperty();
    }

    /** The workspace's folder, on its own line: a long one is cut at its start, never the settings beside it. */
    public ReadOnlyStringProperty folderProperty() {
        return folder.getReadOnlyProperty();
    }

    public ObservableList<LocationRow> locations() {
        return locationsView;
    }

    /** "Vault ADRs: last ADR 0247, dated …", "Brain pages: …", "critical.db: …"; empty when not asked. */
    public ObservableList<String> era() {
        return eraView;
    }

    public ObservableList<Figure> figures() {
        return figuresView;
    }
}
