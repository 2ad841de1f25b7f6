package app;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javafx.scene.Node;
import services.workspace.Workspace;
import viewmodels.overview.OverviewViewModel;
import viewmodels.shell.SectionItem;
import views.overview.OverviewView;

/**
 * Everything that belongs to one open workspace: its services, its view models and the views of its sections,
 * each built lazily the first time the user opens it. Closed when another workspace is opened.
 */
public final class WorkspaceScope implements AutoCloseable {

    private final Workspace workspace;
    private final AppContext app;
    private final Map<String, Supplier<Node>> views;
    private final List<SectionItem> sections;

    WorkspaceScope(Workspace workspace, AppContext app) {
        this.workspace = workspace;
        this.app = app;
        this.sections = List.of(
                new SectionItem("overview", "Overview", "The workspace's folders and what they hold"));
        this.views = Map.of("overview", () -> new OverviewView(
                new OverviewViewModel(workspace, app.inventory(), app.runner())).root());
    }

    public Workspace workspace() {
        return workspace;
    }

    public List<SectionItem> sections() {
        return sections;
    }

    public Node view(String sectionId) {
        Supplier<Node> view = views.get(sectionId);
        if (view == null) {
            throw new IllegalArgumentException("No section " + sectionId);
        }
        return view.get();
    }

    /** The status bar's text: index backend, document count, last sync. */
    public String statusText() {
        return "Index: " + workspace.index().backend();
    }

    @Override
    public void close() {
        // Nothing to release yet; the index adapter is closed here once it exists.
    }
}
