package app.compose;

import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.Executor;
import services.amendments.AmendmentsService;
import services.amendments.JGitAmendmentHistory;
import services.brief.MiseBrief;
import services.embedding.HybridKnowledgeIndex;
import services.failed.FailedTargets;
import services.failed.FailedTargetsException;
import services.failed.FailedTargetsService;
import services.failed.RedisFailedTargets;
import services.failed.UnreachableFailedTargets;
import services.inbox.InboxService;
import services.knowledge.KnowledgeIndex;
import services.policy.PolicyException;
import services.policy.PolicyService;
import services.policy.RecallEffect;
import services.review.JGitReviewBranch;
import services.review.ReviewService;
import services.audit.DecisionSharing;
import services.errors.ConsoleException;
import services.review.remote.ReviewSharing;
import services.review.remote.SharedDecisions;
import services.scheduler.Job;
import services.scheduler.JobHistory;
import services.scheduler.ScheduleSettings;
import services.scheduler.Scheduler;
import services.sync.VaultSync;
import services.tasks.TaskRunner;
import services.vault.FileText;
import services.watchdog.OtelEventSource;
import services.watchdog.Watchdog;
import services.watchdog.WatchdogGate;
import services.watchdog.WatchdogLog;
import services.watchdog.Watchdogs;
import services.workspace.Workspace;
import services.workspace.WorkspaceChanges;

/**
 * Everything one open workspace needs, wired once from its settings: the knowledge index, Redis, the watchdog's
 * gate, the vault sync, the watchdog, the scheduler and every use-case service. The window's workspace scope, each
 * headless command, the warm owner and the benchmarks take this object; nobody else wires. Each part is built the
 * first time it is asked for and then kept, so a command that only lists proposals never opens the index.
 * {@link #close()} closes what it opened (an index lent by the warm owner stays open). The index and what only
 * reads it are {@link KnowledgeServices}; Redis, the sync, the use cases that write, the watchdog and the scheduler
 * are here.
 */
public final class WorkspaceServices extends KnowledgeServices implements AutoCloseable {

    private boolean redisOpened;
    private FailedTargets redis;
    private WatchdogGate gate;
    private VaultSync sync;
    private ReviewService review;
    private ReviewSharing reviewSharing;
    private PolicyService policy;
    private AmendmentsService amendments;
    private FailedTargetsService failedTargets;
    private Watchdog watchdog;
    private Scheduler scheduler;

    WorkspaceServices(AppContext app, Workspace workspace, KnowledgeIndex lentIndex) {
        super(app, workspace, lentIndex);
    }

    /** The workspace's Redis for failed targets, or null when none is configured (index-only mode). Opened once. */
    public synchronized FailedTargets failedStore() {
        if (!redisOpened) {
            redisOpened = true;
            if (workspace.redis() != null) {
                try {
                    redis = RedisFailedTargets.open(workspace.redis());
                } catch (FailedTargetsException e) {
                    redis = new UnreachableFailedTargets(e.getMessage());
                }
            }
        }
        return redis;
    }

    public synchronized VaultSync sync() {
        if (sync == null) {
            sync = new VaultSync(workspace, index(), clock, FileText.DEFAULT_LIMIT, telemetry)
                    .preparingIn(app.pools().workLanes());
            // the running system's own index: Brain pages are read and checked there, never written or deleted
            app.indexBackends().sharedWithRunningSystem(workspace.index()).ifPresent(sync::withholdingBrainPagesFrom);
        }
        return sync;
    }

    public synchronized ReviewService review() {
        if (review == null) {
            review = new ReviewService(workspace, clock, telemetry, JGitReviewBranch::new, JGitAmendmentHistory::new);
            review.share(new SharedDecisions(reviewSharing(), app.runner())); // does nothing without reviewRemote
        }
        return review;
    }

    /** Sharing the review branch through the remote {@code reviewRemote} names (does nothing without it). */
    public synchronized ReviewSharing reviewSharing() {
        if (reviewSharing == null) {
            reviewSharing = ReviewSharing.of(workspace, clock);
            reviewSharing.onSynced(report -> { // another machine's decisions go into the decision log at once
                if (report.messages().stream().anyMatch(m -> m.startsWith(DecisionSharing.LEARNT))) {
                    try {
                        review().recover();
                    } catch (ConsoleException notNow) {
                        // the next listing records them (it recovers first), and says why it could not
                    }
                }
            });
        }
        return reviewSharing;
    }

    /** The trust dial of the workspace: its policy, the auto-apply run, supervised approvals, the effect on recall. */
    public synchronized PolicyService policy() {
        if (policy == null) {
            policy = new PolicyService(workspace, review(), clock, recallEffect());
        }
        return policy;
    }

    /** The effect of a change on recall, on an overlay of the workspace's index (never created here when missing). */
    public RecallEffect recallEffect() {
        return new RecallEffect(workspace, () -> {
            if (app.indexBackends().embedded(workspace.index()) && !Files.isDirectory(workspace.indexDir())) {
                throw new PolicyException("The knowledge index " + workspace.indexDir()
                        + " does not exist yet: sync first.");
            }
            // hybrid as the recall preview searches, so balanced and deep are replayed by meaning too
            return new HybridKnowledgeIndex(app.indexBackends().open(workspace.index(), workspace), embeddings());
        }, this::openLoopPrds, clock);
    }

    public synchronized AmendmentsService amendments() {
        if (amendments == null) {
            amendments = new AmendmentsService(workspace, clock, JGitAmendmentHistory::new, telemetry);
            amendments.share(new SharedDecisions(reviewSharing(), app.runner())); // nothing without reviewRemote
        }
        return amendments;
    }

    public synchronized FailedTargetsService failedTargets() {
        if (failedTargets == null) {
            failedTargets = new FailedTargetsService(workspace, index(), failedStore(), clock, telemetry);
        }
        return failedTargets;
    }

    /** What changed in the workspace since the last look: its files, the index's stamp and Redis's failed targets. */
    public WorkspaceChanges changes() {
        FailedTargets failed = failedStore();
        KnowledgeIndex watched = index();
        return new WorkspaceChanges(workspace, watched::changeStamp,
                failed == null ? null : () -> failed.members().members());
    }

    /** The mise brief's view of Redis (a failed open is reported in the brief). */
    public MiseBrief brief() {
        RedisParts.Loops loops = RedisParts.loopState(workspace);
        return new MiseBrief(workspace, index(), failedTargets(), loops.state(), loops.problem(), clock);
    }

    /**
     * What waits for a person (the inbox): read from the review queue, the trust dial, the failed targets, the
     * watchdog's log, the job history of this workspace and its shared review branch.
     */
    public InboxService inbox() {
        return new InboxService(review(), policy(), this::failedTargets, new WatchdogLog(workspace.stateDir()),
                new JobHistory(workspace.stateDir()), clock, reviewSharing()::pending);
    }

    /** The workspace's OTEL events, from the source {@code otelEvents.source} names (see {@link OtelSources}). */
    public OtelEventSource otelEvents() {
        return OtelSources.open(workspace, app.secrets(), app.pools().workLanes());
    }

    /**
     * The watchdog's last-run gate: the console's own, a file in the workspace's state; with Redis, the running
     * system's {@code knowledge:watchdog:last_run} beside it — read always, honoured and written only when this
     * workspace's index is that watchdog's Typesense collection ({@code system_knowledge}). Opened once, closed with
     * these services.
     */
    public synchronized WatchdogGate gate() {
        if (gate == null) {
            gate = RedisParts.gate(workspace);
        }
        return gate;
    }

    public synchronized Watchdog watchdog() {
        if (watchdog == null) {
            watchdog = Watchdogs.create(workspace, index(), sync(), failedTargets(), otelEvents(), gate(), clock,
                    telemetry);
        }
        return watchdog;
    }

    /**
     * The workspace's scheduled jobs, each registered by its feature (see {@link WorkspaceJobs}), on their
     * schedules, run through {@code jobs}. Built once.
     *
     * @param backfillAfterSync the sync job embeds after each sync (the headless scheduler); false in the window,
     *                          where the Knowledge browser embeds in a lane of its own when it hears the index changed
     * @param historyWriter     where the job history's lines are written (one thread, in order): the window's own
     *                          thread hears of a run's end and must not wait for the disk; {@code Runnable::run} on
     *                          the command line
     */
    public synchronized Scheduler scheduler(TaskRunner jobs, boolean backfillAfterSync,
                                            Executor historyWriter) {
        if (scheduler == null) {
            List<Job> registered = WorkspaceJobs.of(this, backfillAfterSync ? backfill() : null);
            scheduler = new Scheduler(registered, new ScheduleSettings(workspace),
                    new JobHistory(workspace.stateDir(), historyWriter), jobs, clock);
        }
        return scheduler;
    }

    /** Closes what these services opened: the watchdog's gate, the index (unless lent) and Redis. */
    @Override
    public synchronized void close() {
        Closing.all(gate, ownsIndex ? index : null, redis);
    }
}
