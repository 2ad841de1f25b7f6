package app.compose;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import services.knowledge.IndexBackend;
import services.knowledge.KnowledgeIndex;
import services.knowledge.LuceneBackend;
import services.knowledge.TypesenseBackend;
import services.workspace.IndexSettings;
import services.workspace.Secrets;
import services.workspace.Workspace;
import services.workspace.WorkspaceException;
import services.workspace.WorkspaceLoader;

/**
 * The registry of knowledge index backends ({@code index.backend} of workspace.json), the one place that names
 * them. Each backend is one class ({@link IndexBackend}) that brings its settings check, its Settings form fields,
 * its connection test and how to open its adapter; {@code lucene} (embedded, the default) and {@code typesense}
 * ship. A new backend is its class plus one line in {@link #SHIPPED} (or {@link #with} where a composition is
 * made). The workspace loader, the Settings screen and {@code sync --copy-to} take their backends from here
 * (architecture.IndexBackendsTest).
 */
public final class IndexBackends {

    /** The backends the console ships, in the order they are offered; the first is the default. */
    private static final List<IndexBackend> SHIPPED = List.of(new LuceneBackend(), new TypesenseBackend());

    /** Opens an adapter for a workspace: a backend given as a function (a fixture or a sample). */
    @FunctionalInterface
    public interface Backend {
        KnowledgeIndex open(IndexSettings settings, Workspace workspace);
    }

    private final List<IndexBackend> backends;
    private final IndexBackend.Parts parts;

    private IndexBackends(List<IndexBackend> backends, IndexBackend.Parts parts) {
        this.backends = List.copyOf(backends);
        this.parts = parts;
    }

    /** The shipped backends: the embedded Lucene index (its hybrid halves in {@code lanes}) and Typesense. */
    static IndexBackends standard(Secrets secrets, ExecutorService lanes) {
        return new IndexBackends(SHIPPED, new IndexBackend.Parts(secrets, lanes));
    }

    /** A loader that knows the shipped backends, for a run with no composition of its own (a benchmark). */
    public static WorkspaceLoader shippedLoader() {
        return new WorkspaceLoader(SHIPPED);
    }

    /** These backends and one more (or another class for a shipped name, in its place). */
    public IndexBackends with(IndexBackend backend) {
        List<IndexBackend> more = new ArrayList<>();
        backends.forEach(b -> more.add(b.name().equals(backend.name()) ? backend : b));
        if (more.stream().noneMatch(b -> b == backend)) {
            more.add(backend);
        }
        return new IndexBackends(more, parts);
    }

    /** These backends and one more that has no settings of its own: a name and how to open its adapter. */
    public IndexBackends with(String name, Backend opener) {
        return with(new Opened(name, opener));
    }

    /** The backends, the shipped ones first. */
    public List<IndexBackend> all() {
        return backends;
    }

    /** The backends' names, the shipped ones first. */
    public List<String> names() {
        return backends.stream().map(IndexBackend::name).toList();
    }

    /** The backend of this name, if registered. */
    public Optional<IndexBackend> named(String name) {
        return backends.stream().filter(b -> b.name().equals(name)).findFirst();
    }

    /** Whether the index these settings name lives in the workspace's own folder (unknown names: no). */
    public boolean embedded(IndexSettings settings) {
        return named(settings.backend()).map(IndexBackend::embedded).orElse(false);
    }

    /**
     * How a sentence names the index these settings open when it is shared with the running system ("Typesense
     * system_knowledge"): the sync writes no Brain page there. Empty for the console's own index (an unknown name:
     * empty, opening it fails).
     */
    public Optional<String> sharedWithRunningSystem(IndexSettings settings) {
        return named(settings.backend()).filter(IndexBackend::sharedWithRunningSystem).map(b -> b.where(settings));
    }

    /** The index these settings name, in this workspace, untraced and without semantic search. */
    public KnowledgeIndex open(IndexSettings settings, Workspace workspace) {
        IndexBackend backend = named(settings.backend()).orElseThrow(() -> new WorkspaceException(
                workspace.dir().resolve(Workspace.FILE_NAME) + " key 'index.backend': unknown backend \""
                        + settings.backend() + "\" (use " + String.join(" or ", names()) + ")."));
        return backend.open(settings, workspace, parts);
    }

    /** A backend given by its opener: no fields, nothing to test, its index somewhere the opener knows. */
    private record Opened(String name, Backend opener) implements IndexBackend {
        @Override
        public String summary() {
            return name;
        }

        @Override
        public boolean embedded() {
            return false;
        }

        @Override
        public boolean sharedWithRunningSystem() {
            return false;
        }

        @Override
        public KnowledgeIndex open(IndexSettings settings, Workspace workspace, Parts parts) {
            return opener.open(settings, workspace);
        }

        @Override
        public String testLabel() {
            return null;
        }

        @Override
        public Probe probe(IndexSettings settings, Path workspaceDir, Secrets secrets, String typedKey) {
            return new Probe(true, name + " has no connection to test.");
        }
    }
}
