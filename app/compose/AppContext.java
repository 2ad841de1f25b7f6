package app.compose;

import java.time.Clock;
import services.demo.DemoWorkspace;
import services.knowledge.KnowledgeIndex;
import services.tasks.TaskRunner;
import services.workspace.AppDirs;
import services.workspace.RecentWorkspaces;
import services.workspace.Secrets;
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

    /**
     * Threads that embed texts beside the caller's (one text per core at a time): daemons, gone after a minute
     * idle, shared by every workspace of the process like the model's session; they yield the CPU to the window
     * ({@link BackgroundThreads}).
     */
    private static final java.util.concurrent.ExecutorService EMBEDDING_WORKERS = new java.util.concurrent.ThreadPoolExecutor(
            0, Integer.MAX_VALUE, 60, java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.SynchronousQueue<>(), BackgroundThreads.named("embedding-worker"));

    /**
     * The thread that writes the embedding backfill's documents to the index while the next batch is embedded (one
     * write at a time): a daemon, gone after a minute idle, shared by every workspace of the process; it yields the
     * CPU to the window ({@link BackgroundThreads}) as the embedding workers do.
     */
    public static final java.util.concurrent.Executor BACKFILL_WRITES = backfillWrites();

    private static java.util.concurrent.Executor backfillWrites() {
        java.util.concurrent.ThreadPoolExecutor one = new java.util.concurrent.ThreadPoolExecutor(1, 1, 60,
                java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.LinkedBlockingQueue<>(),
                BackgroundThreads.named("embedding-writes"));
        one.allowCoreThreadTimeOut(true);
        return one;
    }

    /**
     * Threads that run a hybrid search's dense half beside its keyword half (one query of a batch each): daemons,
     * gone after a minute idle, shared by every index of the process.
     */
    public static final java.util.concurrent.ExecutorService SEARCH_LANES = new java.util.concurrent.ThreadPoolExecutor(
            0, Integer.MAX_VALUE, 60, java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.SynchronousQueue<>(), r -> {
                Thread t = new Thread(r, "search-lane");
                t.setDaemon(true);
                return t;
            });

    /**
     * Where services run the independent pieces of one operation (a sync's files, a replay's shares, the watchdog's
     * event files): the caller's thread and one daemon more per further core, gone after a minute idle.
     */
    public static final services.tasks.Lanes WORK_LANES = services.tasks.Lanes.on(
            new java.util.concurrent.ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, java.util.concurrent.TimeUnit.SECONDS,
                    new java.util.concurrent.SynchronousQueue<>(), r -> {
                        Thread t = new Thread(r, "work-lane");
                        t.setDaemon(true);
                        return t;
                    }), Runtime.getRuntime().availableProcessors());

    public services.telemetry.Telemetry telemetry() {
        return otel.telemetry();
    }

    public services.telemetry.RecentSpans recentSpans() {
        return otel.recent();
    }

    public TelemetrySetup otel() {
        return otel;
    }

    public AppContext(AppDirs dirs, Clock clock, TaskRunner runner) {
        this(dirs, clock, runner, new TelemetrySetup(System.getenv()), null);
    }

    private AppContext(AppDirs dirs, Clock clock, TaskRunner runner, TelemetrySetup otel, IndexBackends backends) {
        this.dirs = dirs;
        this.clock = clock;
        this.runner = runner;
        this.otel = otel;
        this.recents = new RecentWorkspaces(dirs);
        this.backends = backends != null ? backends : IndexBackends.standard(secrets, SEARCH_LANES);
        this.loader = new WorkspaceLoader(this.backends.names());
    }

    /** The knowledge index backends this console can open (workspace.json's {@code index.backend}). */
    public IndexBackends indexBackends() {
        return backends;
    }

    /** A context like this one with one more index backend (a fixture or a sample proves a new backend with it). */
    public AppContext withIndexBackend(String name, IndexBackends.Backend backend) {
        return new AppContext(dirs, clock, runner, otel, backends.with(name, backend));
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
    public services.embedding.Embeddings embeddings(Workspace workspace) {
        if (!services.workspace.SemanticSettings.of(workspace).enabled()) {
            return services.embedding.Embeddings.disabled("turned off in workspace.json (\"semantic\": {\"enabled\": false}).");
        }
        services.embedding.EmbeddingModel model = embeddingModel();
        if (model.dimensions() != workspace.index().embeddingDimensions()) {
            return services.embedding.Embeddings.disabled("the index's embedding field has "
                    + workspace.index().embeddingDimensions() + " dimensions (index.embeddingDimensions) and the shipped "
                    + "model " + model.name() + " makes " + model.dimensions() + ".");
        }
        return new services.embedding.Embeddings(model, new services.embedding.EmbeddingCache(
                workspace.stateDir().resolve("embeddings"), model.name(), model.dimensions()), null,
                services.embedding.MiniLmEmbeddingModel.MAX_CHARS);
    }

    /** The shipped model, embedding a call's texts on every core (its session is loaded once per process). */
    public static services.embedding.MiniLmEmbeddingModel embeddingModel() {
        return new services.embedding.MiniLmEmbeddingModel(EMBEDDING_WORKERS, Runtime.getRuntime().availableProcessors());
    }

    Secrets secrets() {
        return secrets;
    }

    public services.connections.ConnectionCheck connections() {
        return new services.connections.ConnectionCheck(secrets);
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
        return new DemoWorkspace(clock);
    }
}
