package app;

import java.time.Clock;
import java.util.List;
import services.demo.DemoWorkspace;
import services.knowledge.KnowledgeIndex;
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
    private final services.workspace.Secrets secrets = services.workspace.Secrets.fromEnvironment();

    private final TelemetrySetup otel = new TelemetrySetup(System.getenv());

    /**
     * Threads that embed texts beside the caller's (one text per core at a time): daemons, gone after a minute
     * idle, shared by every workspace of the process like the model's session.
     */
    private static final java.util.concurrent.ExecutorService EMBEDDING_WORKERS = new java.util.concurrent.ThreadPoolExecutor(
            0, Integer.MAX_VALUE, 60, java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.SynchronousQueue<>(), r -> {
                Thread t = new Thread(r, "embedding-worker");
                t.setDaemon(true);
                return t;
            });

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

    /**
     * Opens the workspace's knowledge index with the backend its settings name, traced, and with semantic search
     * (hybrid ranking, cached vectors attached on write) unless the workspace turns it off.
     */
    public KnowledgeIndex openIndex(Workspace workspace) {
        return new services.embedding.HybridKnowledgeIndex(
                new services.telemetry.TracedKnowledgeIndex(openUntraced(workspace.index(), workspace), telemetry()),
                embeddings(workspace));
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

    /** Why semantic search is off for this index (for the Knowledge browser's status line). */
    public String embeddingsOffReason(KnowledgeIndex index) {
        return index instanceof services.embedding.HybridKnowledgeIndex hybrid && !hybrid.embeddings().enabled()
                ? hybrid.embeddings().disabledReason() : "no embedding model for this index";
    }

    /** The background job that embeds what the index holds without a vector (null when semantic search is off). */
    public services.embedding.EmbeddingBackfill backfill(Workspace workspace, KnowledgeIndex index) {
        if (!(index instanceof services.embedding.HybridKnowledgeIndex hybrid) || !hybrid.embeddings().enabled()) {
            return null;
        }
        return new services.embedding.EmbeddingBackfill(hybrid, hybrid.embeddings(),
                new services.embedding.BackfillState(workspace.stateDir().resolve("embeddings")), telemetry());
    }

    /** The index these settings name, in this workspace (for a copy between backends, and Settings' test). */
    public KnowledgeIndex openUntraced(services.workspace.IndexSettings settings, Workspace workspace) {
        if (settings.isLucene()) {
            return new LuceneKnowledgeIndex(workspace.indexDir(), settings.embeddingDimensions()).searchingBeside(SEARCH_LANES);
        }
        String key = secrets.typesenseKey(settings, workspace.dir());
        return new services.knowledge.TypesenseKnowledgeIndex(services.knowledge.TypesenseKnowledgeIndex.Settings.of(
                settings.nodes(), key, settings.collection(), settings.timeoutSeconds(), settings.embeddingDimensions()));
    }

    public VaultSync sync(Workspace workspace, KnowledgeIndex index) {
        return new VaultSync(workspace, index, clock, services.vault.FileText.DEFAULT_LIMIT, telemetry());
    }

    public services.review.ReviewService review(Workspace workspace) {
        return new services.review.ReviewService(workspace, clock, telemetry());
    }

    /** The trust dial of a workspace: its policy, the auto-apply run, supervised approvals, the effect on recall. */
    public services.policy.PolicyService policy(Workspace workspace) {
        return new services.policy.PolicyService(workspace, review(workspace), clock, recallEffect(workspace));
    }

    /** The effect of a change on recall, on an overlay of the workspace's index (never created here when missing). */
    public services.policy.RecallEffect recallEffect(Workspace workspace) {
        return new services.policy.RecallEffect(workspace, () -> {
            if (workspace.index().isLucene() && !java.nio.file.Files.isDirectory(workspace.indexDir())) {
                throw new services.policy.PolicyException("The knowledge index " + workspace.indexDir()
                        + " does not exist yet: sync first.");
            }
            // hybrid as the recall preview searches, so balanced and deep are replayed by meaning too
            return new services.embedding.HybridKnowledgeIndex(openUntraced(workspace.index(), workspace),
                    embeddings(workspace));
        }, () -> openLoopPrds(workspace), clock);
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
            return services.failed.RedisFailedTargets.open(workspace.redis());
        } catch (services.failed.FailedTargetsException e) {
            return new services.failed.UnreachableFailedTargets(e.getMessage());
        }
    }

    /** The loops of the workspace (its retros, and its Redis's PRDs when Redis is configured); close the PRDs. */
    public services.reach.LoopPrds openLoopPrds(Workspace workspace) {
        if (workspace.redis() == null) {
            return services.reach.LoopPrds.NONE;
        }
        try {
            return new services.reach.RedisLoopPrds(services.redis.RedisConnector.client(workspace.redis()));
        } catch (services.redis.RedisConnectionException e) {
            return new services.reach.LoopPrds() {
                @Override
                public java.util.Map<String, Prd> all(java.util.List<String> problems) {
                    problems.add(e.getMessage());
                    return java.util.Map.of();
                }

                @Override
                public void close() {
                }
            };
        }
    }

    public services.reach.KnowledgeReach knowledgeReach(Workspace workspace, KnowledgeIndex index) {
        return new services.reach.KnowledgeReach(workspace.retrosDir(), () -> openLoopPrds(workspace), index,
                new services.reach.LessonLog(workspace.stateDir(), !workspace.readOnly()),
                services.reach.LessonLifecycle.Rules.from(workspace.raw().path("lessons")), clock);
    }

    /** The existing lessons like a proposal or a new lesson: by meaning with the index's model, else by words. */
    public services.reach.SimilarLessons similarLessons(KnowledgeIndex index) {
        return new services.reach.SimilarLessons(index, index instanceof services.embedding.HybridKnowledgeIndex hybrid
                ? hybrid.embeddings() : null);
    }

    public services.reach.ReachService reach(KnowledgeIndex index) {
        return new services.reach.ReachService(new services.recall.ImplementorRecall(index), index);
    }

    /** The mise brief's view of Redis, or null without Redis (a failed open is reported in the brief). */
    public services.brief.MiseBrief brief(Workspace workspace, services.knowledge.KnowledgeIndex index,
                                          services.failed.FailedTargets redis) {
        services.brief.LoopState loops = null;
        String problem = null;
        if (workspace.redis() != null) {
            try {
                loops = new services.brief.RedisLoopState(services.redis.RedisConnector.client(workspace.redis()));
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
        if (index instanceof services.embedding.HybridKnowledgeIndex hybrid && hybrid.embeddings().enabled()) {
            return new services.recall.RecallService(index, telemetry(), hybrid::question);
        }
        return new services.recall.RecallService(index, telemetry());
    }

    /**
     * The workspace's OTEL events ({@code otelEvents.source}): {@code spool} (the running system's
     * {@code {event, queuedAt}} files in {@code otelEvents.path}), {@code clickhouse} (its default store, over HTTP;
     * see {@link services.watchdog.ClickHouseSettings}), {@code jsonl} (the embedded default: {@code *.jsonl} in
     * {@code otelEvents.path}), or {@code typesense} (the collection {@code otelEvents.collection}, default
     * {@code otel_events}, on the nodes and key of {@code index}).
     */
    public services.watchdog.OtelEventSource otelEvents(Workspace workspace) {
        var events = workspace.raw().path("otelEvents");
        String source = events.path("source").asText("jsonl");
        switch (source) {
            case "spool":
                return new services.watchdog.SpoolOtelEvents(workspace.otelDir());
            case "clickhouse":
                try {
                    return new services.watchdog.ClickHouseOtelEvents(
                            services.watchdog.ClickHouseSettings.of(events, System.getenv()), java.time.Duration.ofSeconds(10));
                } catch (services.errors.ConsoleException e) {
                    return services.watchdog.OtelEventSource.unavailable("the ClickHouse OTEL events", e);
                }
            case "jsonl":
                return new services.watchdog.JsonlOtelEvents(workspace.otelDir());
            case "typesense":
                services.workspace.IndexSettings s = workspace.index();
                if (s.nodes().isEmpty()) {
                    throw new services.errors.ConsoleException("otelEvents.source is \"typesense\" but index.nodes names no "
                            + "Typesense node in " + workspace.dir().resolve(Workspace.FILE_NAME));
                }
                return new services.watchdog.TypesenseOtelEvents(services.knowledge.TypesenseConnection.of(s.nodes(),
                        secrets.typesenseKey(s, workspace.dir()), s.timeoutSeconds()),
                        events.path("collection").asText("otel_events"));
            default:
                throw new services.errors.ConsoleException("otelEvents.source \"" + source + "\" is unknown: use \"spool\", "
                        + "\"clickhouse\", \"jsonl\" or \"typesense\" in " + workspace.dir().resolve(Workspace.FILE_NAME));
        }
    }

    /**
     * The watchdog's last-run gate: Redis {@code knowledge:watchdog:last_run} when the workspace has Redis (shared
     * with the system's own watchdog), else a file in the workspace's state. The caller closes it if closeable.
     */
    public services.watchdog.WatchdogGate watchdogGate(Workspace workspace) {
        if (workspace.redis() != null) {
            try {
                return new services.watchdog.RedisWatchdogGate(services.redis.RedisConnector.client(workspace.redis()));
            } catch (services.redis.RedisConnectionException e) {
                return new services.watchdog.FileWatchdogGate(workspace.stateDir());
            }
        }
        return new services.watchdog.FileWatchdogGate(workspace.stateDir());
    }

    public services.watchdog.Watchdog watchdog(Workspace workspace, KnowledgeIndex index, VaultSync sync,
                                               services.failed.FailedTargets redis,
                                               services.watchdog.WatchdogGate gate) {
        return services.watchdog.Watchdogs.create(workspace, index, sync, failedTargets(workspace, index, redis),
                otelEvents(workspace), gate, clock, telemetry());
    }

    /**
     * The workspace's jobs — the vault sync, the watchdog, the trust dial and the knowledge reach — on their schedules, run through {@code jobs}.
     *
     * @param backfill run by the sync job after each sync (the headless scheduler); null in the window, where the
     *                 Knowledge browser embeds in a lane of its own when it hears that the index changed
     */
    public services.scheduler.Scheduler scheduler(Workspace workspace, KnowledgeIndex index, VaultSync sync,
                                                  services.embedding.EmbeddingBackfill backfill,
                                                  services.watchdog.Watchdog watchdog, TaskRunner jobs) {
        return new services.scheduler.Scheduler(List.of(new services.sync.SyncJob(sync, workspace.readOnly(),
                backfill == null ? null : progress -> backfill.run(progress).summary()),
                new services.watchdog.WatchdogJob(watchdog), new services.policy.PolicyJob(policy(workspace)),
                new services.reach.ReachJob(knowledgeReach(workspace, index))),
                new services.scheduler.ScheduleSettings(workspace),
                new services.scheduler.JobHistory(workspace.stateDir()), jobs, clock);
    }

    public WorkspaceScope open(Workspace workspace, java.util.function.Consumer<String> openFile,
                               java.util.function.Consumer<String> selectSection, Runnable reopen) {
        return new WorkspaceScope(workspace, this, openFile, selectSection, reopen);
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
