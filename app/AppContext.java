package app;

import java.time.Clock;
import services.demo.DemoWorkspace;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeIndexException;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.VaultSync;
import services.tasks.TaskRunner;
import services.workspace.AppDirs;
import services.workspace.RecentWorkspaces;
import services.workspace.Workspace;
import services.workspace.WorkspaceInventory;
import services.workspace.WorkspaceLoader;

/**
 * The composition root: builds every service by hand, with constructors, once per process. What belongs to one
 * workspace (its index, its view models) is built by {@link #open(Workspace)}.
 */
public final class AppContext {

    private final AppDirs dirs;
    private final Clock clock;
    private final TaskRunner runner;
    private final WorkspaceLoader loader = new WorkspaceLoader();
    private final RecentWorkspaces recents;
    private final WorkspaceInventory inventory = new WorkspaceInventory();

    private final TelemetrySetup otel = new TelemetrySetup(System.getenv());

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
        this.dirs = dirs;
        this.clock = clock;
        this.runner = runner;
        this.recents = new RecentWorkspaces(dirs);
    }

    /** Opens the workspace's knowledge index with the backend its settings name. */
    public KnowledgeIndex openIndex(Workspace workspace) {
        if (!workspace.index().isLucene()) {
            throw new KnowledgeIndexException("The " + workspace.index().backend() + " backend is not available in "
                    + "this version: set \"index\": {\"backend\": \"lucene\"} in " + workspace.dir().resolve(Workspace.FILE_NAME));
        }
        return new services.telemetry.TracedKnowledgeIndex(
                new LuceneKnowledgeIndex(workspace.indexDir(), workspace.index().embeddingDimensions()), telemetry());
    }

    public VaultSync sync(Workspace workspace, KnowledgeIndex index) {
        return new VaultSync(workspace, index, clock, services.vault.FileText.DEFAULT_LIMIT, telemetry());
    }

    public services.review.ReviewService review(Workspace workspace) {
        return new services.review.ReviewService(workspace, clock, telemetry());
    }

    public services.amendments.AmendmentsService amendments(Workspace workspace) {
        return new services.amendments.AmendmentsService(workspace, clock, services.amendments.JGitAmendmentHistory::new,
                telemetry());
    }

    /** The workspace's Redis for failed targets, or null when none is configured (index-only mode). */
    public services.failed.FailedTargets openFailedTargets(Workspace workspace) {
        if (workspace.redis() == null) {
            return null;
        }
        try {
            return services.failed.RedisConnector.open(workspace.redis());
        } catch (services.failed.FailedTargetsException e) {
            return new services.failed.UnreachableFailedTargets(e.getMessage());
        }
    }

    /** The mise brief's view of Redis, or null without Redis (a failed open is reported in the brief). */
    public services.brief.MiseBrief brief(Workspace workspace, services.knowledge.KnowledgeIndex index,
                                          services.failed.FailedTargets redis) {
        services.brief.LoopState loops = null;
        String problem = null;
        if (workspace.redis() != null) {
            try {
                loops = new services.brief.RedisLoopState(services.failed.RedisConnector.client(workspace.redis()));
            } catch (RuntimeException e) {
                problem = e.getMessage();
            }
        }
        return new services.brief.MiseBrief(workspace, index, failedTargets(workspace, index, redis), loops, problem, clock);
    }

    public services.failed.FailedTargetsService failedTargets(Workspace workspace, KnowledgeIndex index,
                                                               services.failed.FailedTargets redis) {
        return new services.failed.FailedTargetsService(workspace, index, redis, clock, telemetry());
    }

    public services.recall.RecallService recall(KnowledgeIndex index) {
        return new services.recall.RecallService(index, telemetry());
    }

    public WorkspaceScope open(Workspace workspace, java.util.function.Consumer<String> openFile,
                               java.util.function.Consumer<String> selectSection) {
        return new WorkspaceScope(workspace, this, openFile, selectSection);
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
