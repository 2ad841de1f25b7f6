package app.compose;

import java.nio.file.Path;
import java.time.Clock;
import services.amendments.JGitAmendmentHistory;
import services.connections.ConnectionCheck;
import services.demo.DemoWorkspace;
import services.embedding.EmbeddingCache;
import services.embedding.EmbeddingModel;
import services.embedding.Embeddings;
import services.embedding.MiniLmEmbeddingModel;
import services.errors.ConsoleException;
import services.knowledge.IndexBackend;
import services.knowledge.KnowledgeIndex;
import services.review.JGitReviewBranch;
import services.sync.IndexRebuild;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.TaskRunner;
import services.telemetry.RecentSpans;
import services.telemetry.Telemetry;
import services.workspace.AppDirs;
import services.workspace.RecentWorkspaces;
import services.workspace.Secrets;
import services.workspace.SemanticSettings;
import services.workspace.Workspace;
import services.workspace.WorkspaceInventory;
import services.workspace.WorkspaceLoader;

/**
 * The composition root: what one process shares (folders, clock, task runner, telemetry, the embedding model and
 * its worker threads, the registry of index backends). What belongs to one workspace — its index, Redis, sync,
 * watchdog, scheduler and use-case services — is wired by {@link #open(Workspace)} into {@link WorkspaceServices}.
 */
public final class AppContext {

    private final AppDirs dirs;
    private final Clock clock;
    private final TaskRunner runner;
    private final WorkspaceLoader loader;
    private final RecentWorkspaces recents;
    private final WorkspaceInventory inventory = new WorkspaceInventory();
    private final Secrets secrets = Secrets.fromEnvironment();
    private final IndexBackends backends;

    private final TelemetrySetup otel;
    private final Pools pools;

    public Telemetry telemetry() {
        return otel.telemetry();
    }

    public RecentSpans recentSpans() {
        return otel.recent();
    }

    public TelemetrySetup otel() {
        return otel;
    }

    public AppContext(AppDirs dirs, Clock clock, TaskRunner runner) {
        this(dirs, clock, runner, new TelemetrySetup(System.getenv()), new Pools(), null);
    }

    private AppContext(AppDirs dirs, Clock clock, TaskRunner runner, TelemetrySetup otel, Pools pools,
                       IndexBackends backends) {
        this.dirs = dirs;
        this.clock = clock;
        this.runner = runner;
        this.otel = otel;
        this.pools = pools;
        this.recents = new RecentWorkspaces(dirs);
        this.backends = backends != null ? backends : IndexBackends.standard(secrets, pools.searchLanes());
        this.loader = new WorkspaceLoader(this.backends.all());
    }

    /** The knowledge index backends this console can open (workspace.json's {@code index.backend}). */
    public IndexBackends indexBackends() {
        return backends;
    }

    /** A context like this one with one more index backend (a fixture or a sample proves a new backend with it). */
    public AppContext withIndexBackend(String name, IndexBackends.Backend backend) {
        return new AppContext(dirs, clock, runner, otel, pools, backends.with(name, backend));
    }

    /** A context like this one with one more index backend class (its settings, fields and test with it). */
    public AppContext withIndexBackend(IndexBackend backend) {
        return new AppContext(dirs, clock, runner, otel, pools, backends.with(backend));
    }

    /**
     * The services of one open workspace, wired once from its settings (see {@link WorkspaceServices}); the caller
     * closes them.
     */
    public WorkspaceServices open(Workspace workspace) {
        return new WorkspaceServices(this, workspace, null);
    }

    /** The services of a workspace whose index another owner holds open ({@code index} is not closed with them). */
    public WorkspaceServices open(Workspace workspace, KnowledgeIndex index) {
        return new WorkspaceServices(this, workspace, index);
    }

    /** The workspace's embedding model and vector cache, or why semantic search is off. */
    public Embeddings embeddings(Workspace workspace) {
        if (!SemanticSettings.of(workspace).enabled()) {
            return Embeddings.disabled("turned off in workspace.json (\"semantic\": {\"enabled\": false}).");
        }
        EmbeddingModel model = pools.embeddingModel();
        if (model.dimensions() != workspace.index().embeddingDimensions()) {
            return Embeddings.disabled("the index's embedding field has "
                    + workspace.index().embeddingDimensions() + " dimensions (index.embeddingDimensions) and the shipped "
                    + "model " + model.name() + " makes " + model.dimensions() + ".");
        }
        return new Embeddings(model, new EmbeddingCache(
                workspace.stateDir().resolve("embeddings"), model.name(), model.dimensions()), null,
                MiniLmEmbeddingModel.MAX_CHARS);
    }

    /**
     * The first half of rebuilding a workspace's embedded index, the one place it is orchestrated (the window's
     * offer for a damaged index and {@code sync --rebuild}): refuses a read-only workspace, checks the sources (a
     * refused sync must not leave an empty index), then moves the index aside. The caller then opens the workspace,
     * whose empty index the next sync fills in full — turn notes from their log included.
     *
     * @return where the old index now is, or null when there was none
     */
    public Path moveIndexAsideForRebuild(Workspace workspace, boolean allowMassDelete) {
        if (workspace.readOnly()) {
            throw new ConsoleException("Workspace " + workspace.name() + " is read-only: a rebuild "
                    + "writes the index.");
        }
        if (!backends.embedded(workspace.index())) {
            throw new ConsoleException("--rebuild rebuilds an embedded index; workspace " + workspace.name()
                    + " uses " + workspace.index().backend() + ", whose index is repaired on its server (the running "
                    + "system writes to it too, so the console never drops it).");
        }
        VaultSync.check(workspace, new SyncOptions(false, SyncOptions.Scope.ALL,
                allowMassDelete));
        return IndexRebuild.moveAside(workspace, clock);
    }

    /** The worker threads this process shares (made once here, handed to what runs work beside the caller). */
    public Pools pools() {
        return pools;
    }

    Secrets secrets() {
        return secrets;
    }

    public ConnectionCheck connections() {
        return new ConnectionCheck(secrets);
    }

    public AppDirs dirs() {
        return dirs;
    }

    public Clock clock() {
        return clock;
    }

    public TaskRunner runner() {
        return runner;
    }

    public WorkspaceLoader loader() {
        return loader;
    }

    public RecentWorkspaces recents() {
        return recents;
    }

    public WorkspaceInventory inventory() {
        return inventory;
    }

    public DemoWorkspace demo() {
        return new DemoWorkspace(clock, JGitReviewBranch::new, JGitAmendmentHistory::new);
    }
}
