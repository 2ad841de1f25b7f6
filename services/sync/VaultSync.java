package services.sync;

import io.opentelemetry.api.common.Attributes;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import services.knowledge.KnowledgeIndex;
import services.tasks.Lanes;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;
import services.vault.FileText;
import services.workspace.Workspace;

/**
 * Syncs the Vault's ADRs, retros and brain notes and the skills repo into the knowledge index. Incremental: a
 * file whose content hash has not changed is skipped; a deleted file's documents are deleted; a renamed file's
 * documents move with it. One bad file never stops the run: it is reported with its path and reason, and the
 * documents it produced before are kept. Cancelling keeps what was written so far. The work is done by
 * {@link IncrementalSync} (a run), {@link VaultDocuments} (a file into documents), {@link OperatorRemovals} and
 * {@link DriftCheck}; this is their one entry point.
 */
public final class VaultSync {

    private final Workspace workspace;
    private final SyncState state;
    private final Telemetry telemetry;
    private final IncrementalSync sync;
    private final DriftCheck drift;

    public VaultSync(Workspace workspace, KnowledgeIndex index, Clock clock) {
        this(workspace, index, clock, FileText.DEFAULT_LIMIT);
    }

    public VaultSync(Workspace workspace, KnowledgeIndex index, Clock clock, long sizeLimit) {
        this(workspace, index, clock, sizeLimit, Telemetry.noop());
    }

    public VaultSync(Workspace workspace, KnowledgeIndex index, Clock clock, long sizeLimit,
                     Telemetry telemetry) {
        this.telemetry = telemetry;
        this.workspace = workspace;
        this.state = new SyncState(workspace.stateDir().resolve("sync-state.json"));
        VaultDocuments documents = new VaultDocuments(workspace, sizeLimit);
        OperatorRemovals removals = new OperatorRemovals(workspace, index);
        this.sync = new IncrementalSync(workspace, index, clock, state, documents, removals);
        this.drift = new DriftCheck(workspace, index, clock, state, documents, removals);
    }

    /** Reads, hashes and parses the files of each chunk side by side in {@code files}. Returns this sync. */
    public VaultSync preparingIn(Lanes files) {
        sync.preparingIn(files);
        return this;
    }

    /**
     * Writes no Brain page into this index, and deletes none from it: it is shared with the running system
     * ({@code index}, as a sentence names it: "Typesense system_knowledge"). The pages are still read and checked.
     * Returns this sync.
     */
    public VaultSync withholdingBrainPagesFrom(String index) {
        sync.withholdingBrainPagesFrom(index);
        drift.withholdingBrainPagesFrom(index);
        return this;
    }

    /**
     * Checks, without reading a file or writing anything, that a sync with these options would not be refused (a
     * missing or empty root, a mass deletion): {@code sync --rebuild} checks before it moves the index aside.
     */
    public static void check(Workspace workspace, SyncOptions options) {
        SyncGuard.check(workspace, options, new SyncState(workspace.stateDir().resolve("sync-state.json")).load(),
                VaultFiles.list(workspace, options.scope()));
    }

    /** {@link #check(Workspace, SyncOptions)} for this sync's workspace: call it before emptying the index. */
    public void check(SyncOptions options) {
        check(workspace, options);
    }

    /** What the last completed sync left: when it finished (epoch seconds, 0 = never), its errors and warnings. */
    public record LastRun(long finishedAt, List<FileIssue> errors, List<FileIssue> warnings) {
    }

    /**
     * When the last sync finished, and the files it could not use and its warnings, from one read of the sync state
     * — a file of a few megabytes on a large vault: read it off the window's thread.
     */
    public LastRun lastRun() {
        SyncState.Data data = state.load();
        return new LastRun(data.lastSync(), data.errors(), data.warnings());
    }

    /** Runs a sync; a second caller waits for the running one to finish (the window, the scheduler and the watchdog share one). */
    public synchronized SyncResult run(SyncOptions options, ProgressSink progress) {
        return telemetry.traced("sync", Attributes.of(Telemetry.KIND,
                options.scope().name().toLowerCase()), () -> sync.run(options, progress), result -> {
            telemetry.indexed(result.indexed(), result.millis());
            return Attributes.builder().put("brainconsole.indexed", result.indexed())
                    .put("brainconsole.unchanged", result.unchanged()).put("brainconsole.deleted", result.deleted())
                    .put("brainconsole.errors", result.errors().size()).build();
        });
    }

    /**
     * Runs a sync unless one finished at or after {@code since} (the window's, the command line's, another
     * console's): then empty, and nothing is read. Checked once any running sync has finished, so a sync that was
     * under way when this was asked counts.
     */
    public synchronized Optional<SyncResult> runUnlessSyncedSince(Instant since, SyncOptions options,
                                                                            ProgressSink progress) {
        if (state.load().lastSync() >= since.getEpochSecond()) {
            return Optional.empty();
        }
        return Optional.of(run(options, progress));
    }

    /** Compares files with the index without writing anything. */
    public DriftReport drift(SyncOptions.Scope scope, ProgressSink progress) {
        return drift.run(scope, progress);
    }
}
