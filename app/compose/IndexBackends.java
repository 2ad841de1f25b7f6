package app.compose;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeIndex;
import services.knowledge.LuceneKnowledgeIndex;
import services.knowledge.TypesenseIndexSettings;
import services.knowledge.TypesenseKnowledgeIndex;
import services.workspace.IndexSettings;
import services.workspace.Secrets;
import services.workspace.Workspace;
import services.workspace.WorkspaceException;

/**
 * The registry of knowledge index backends ({@code index.backend} of workspace.json): a name and how to open the
 * adapter. {@code lucene} (embedded, the default) and {@code typesense} ship; a new backend is its adapter class
 * (a {@link KnowledgeIndex} that passes the contract suite) plus one {@link #with} line where the composition is
 * made. The workspace loader, the Settings screen's choice and {@code sync --copy-to} take their names from here
 * (LayeringTest.commandsTakeBackendNamesFromTheRegistry).
 */
public final class IndexBackends {

    /** Opens one backend's adapter for a workspace. */
    @FunctionalInterface
    public interface Backend {
        KnowledgeIndex open(IndexSettings settings, Workspace workspace);
    }

    private final Map<String, Backend> backends;

    private IndexBackends(Map<String, Backend> backends) {
        this.backends = Map.copyOf(backends);
        this.names = List.copyOf(backends.keySet());
    }

    private final List<String> names;

    /** The shipped backends: the embedded Lucene index (its hybrid halves in {@code lanes}) and Typesense. */
    static IndexBackends standard(Secrets secrets, ExecutorService lanes) {
        Map<String, Backend> shipped = new LinkedHashMap<>();
        shipped.put(IndexSettings.LUCENE, (s, ws) -> new LuceneKnowledgeIndex(ws.indexDir(), s.embeddingDimensions())
                .searchingBeside(lanes));
        shipped.put(IndexSettings.TYPESENSE, (s, ws) -> {
            if (s.nodes().isEmpty()) {
                throw new ConsoleException("No Typesense node is configured: add \"nodes\" (and \"apiKeyEnv\" or "
                        + "\"apiKeyFile\") to the \"index\" key of " + ws.dir().resolve(Workspace.FILE_NAME) + ".");
            }
            return new TypesenseKnowledgeIndex(TypesenseIndexSettings.of(s.nodes(), secrets.typesenseKey(s, ws.dir()),
                    s.collection(), s.timeoutSeconds(), s.embeddingDimensions()));
        });
        return new IndexBackends(shipped);
    }

    /** These backends and one more (or another adapter for a shipped name). */
    public IndexBackends with(String name, Backend backend) {
        Map<String, Backend> more = new LinkedHashMap<>();
        names.forEach(n -> more.put(n, backends.get(n)));
        more.put(name, backend);
        return new IndexBackends(more);
    }

    /** The backends' names, the shipped ones first. */
    public List<String> names() {
        return names;
    }

    /** The index these settings name, in this workspace, untraced and without semantic search. */
    public KnowledgeIndex open(IndexSettings settings, Workspace workspace) {
        Backend backend = backends.get(settings.backend());
        if (backend == null) {
            throw new WorkspaceException(workspace.dir().resolve(Workspace.FILE_NAME) + " key 'index.backend': unknown "
                    + "backend \"" + settings.backend() + "\" (use " + String.join(" or ", names) + ").");
        }
        return backend.open(settings, workspace);
    }
}
