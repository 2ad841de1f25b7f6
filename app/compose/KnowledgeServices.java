package app.compose;

import java.nio.file.Path;
import java.time.Clock;
import services.amendments.AmendmentImpact;
import services.brain.BrainEra;
import services.brain.CriticalSearch;
import services.brain.SqliteCriticalSearch;
import services.embedding.BackfillState;
import services.embedding.EmbeddingBackfill;
import services.embedding.Embeddings;
import services.embedding.HybridKnowledgeIndex;
import services.knowledge.KnowledgeIndex;
import services.knowledge.LuceneKnowledgeIndex;
import services.notes.TurnEvents;
import services.notes.TurnNoteLog;
import services.notes.TurnNotes;
import services.profiles.AgentProfiles;
import services.reach.KnowledgeReach;
import services.reach.LessonLifecycle;
import services.reach.LessonLog;
import services.reach.LoopPrds;
import services.reach.ReachService;
import services.reach.SimilarLessons;
import services.recall.ImplementorRecall;
import services.recall.RecallService;
import services.telemetry.Telemetry;
import services.telemetry.TracedKnowledgeIndex;
import services.watchdog.Evidence;
import services.workspace.Reviewer;
import services.workspace.Workspace;

/**
 * The first half of {@link WorkspaceServices}: the workspace's knowledge index, opened once with the backend its
 * settings name, and what reads it — semantic search and its backfill, recall, the reach, lessons, turn notes,
 * evidence, the brain's era. The other half (Redis, the sync, review, the dial, the watchdog, the scheduler) builds
 * on it. Only the composition makes one.
 */
public abstract class KnowledgeServices {

    final AppContext app;
    final Workspace workspace;
    final Clock clock;
    final Telemetry telemetry;
    final boolean ownsIndex;
    KnowledgeIndex index;
    private KnowledgeReach knowledgeReach;

    KnowledgeServices(AppContext app, Workspace workspace, KnowledgeIndex lentIndex) {
        this.app = app;
        this.workspace = workspace;
        this.clock = app.clock();
        this.telemetry = app.telemetry();
        this.index = lentIndex;
        this.ownsIndex = lentIndex == null;
    }

    public Workspace workspace() {
        return workspace;
    }

    /** Who decides: the workspace's {@code reviewer} key, else the operating-system user (see {@link Reviewer}). */
    public String reviewer() {
        return Reviewer.of(workspace);
    }

    /** The process's composition root these services were wired by. */
    public AppContext app() {
        return app;
    }

    public Clock clock() {
        return clock;
    }

    public Telemetry telemetry() {
        return telemetry;
    }

    /**
     * The workspace's knowledge index with the backend its settings name, traced, and with semantic search (hybrid
     * ranking, cached vectors attached on write) unless the workspace turns it off. Opened once.
     */
    public synchronized KnowledgeIndex index() {
        if (index == null) {
            index = new HybridKnowledgeIndex(new TracedKnowledgeIndex(app.indexBackends().open(workspace.index(),
                    workspace), telemetry), embeddings());
        }
        return index;
    }

    /** The workspace's embedding model and vector cache, or why semantic search is off. */
    public Embeddings embeddings() {
        return app.embeddings(workspace);
    }

    /** The index's embeddings when it ranks by meaning as well as words, else null. */
    Embeddings indexEmbeddings() {
        return index() instanceof HybridKnowledgeIndex hybrid ? hybrid.embeddings() : null;
    }

    /** Why semantic search is off for this index (for the Knowledge browser's status line). */
    public String embeddingsOffReason() {
        String off = semanticOffReason();
        return off != null ? off : "no embedding model for this index";
    }

    /** Whether the index can search by meaning now (semantic search on, and documents embedded). */
    public boolean semanticReady() {
        return index() instanceof HybridKnowledgeIndex hybrid && hybrid.semanticReady();
    }

    /** Why semantic search is turned off for this workspace, or null when it is on (if perhaps not ready yet). */
    public String semanticOffReason() {
        Embeddings e = indexEmbeddings();
        return e != null && !e.enabled() ? e.disabledReason() : null;
    }

    /** The background job that embeds what the index holds without a vector (null when semantic search is off). */
    public EmbeddingBackfill backfill() {
        if (!(index() instanceof HybridKnowledgeIndex hybrid) || !hybrid.embeddings().enabled()) {
            return null;
        }
        return new EmbeddingBackfill(hybrid, hybrid.embeddings(),
                new BackfillState(workspace.stateDir().resolve("embeddings")), telemetry)
                .writingBeside(app.pools().backfillWrites());
    }

    /** Did an amendment help: the loops before and after it, from the retros in the workspace's index. */
    public AmendmentImpact amendmentImpact() {
        return new AmendmentImpact(index());
    }

    /** The agents' .profile folders: lessons-learned.md and the journal. */
    public AgentProfiles agentProfiles() {
        return new AgentProfiles();
    }

    /** The loops of the workspace (its retros, and its Redis's PRDs when Redis is configured); close the PRDs. */
    public LoopPrds openLoopPrds() {
        return RedisParts.loopPrds(workspace);
    }

    public synchronized KnowledgeReach knowledgeReach() {
        if (knowledgeReach == null) {
            knowledgeReach = new KnowledgeReach(workspace.retrosDir(), this::openLoopPrds, index(),
                    new LessonLog(workspace.stateDir(), !workspace.readOnly()),
                    LessonLifecycle.Rules.of(workspace), clock, dir -> new LuceneKnowledgeIndex(dir, 1))
                    .sharingWith(app.pools().workLanes());
        }
        return knowledgeReach;
    }

    /** The lessons' states (active, deprecated, …) and their transitions, logged in the workspace's state. */
    public LessonLifecycle lessonLifecycle() {
        return new LessonLifecycle(index(), new LessonLog(workspace.stateDir(), !workspace.readOnly()),
                LessonLifecycle.Rules.of(workspace));
    }

    /** Turn notes written into the index, checked against the turn events, each kept in the note log first. */
    public TurnNotes turnNotes() {
        return new TurnNotes(index(), TurnEvents.of(workspace, clock), clock,
                new TurnNoteLog(workspace.stateDir()));
    }

    /** The existing lessons like a proposal or a new lesson: by meaning with the index's model, else by words. */
    public SimilarLessons similarLessons() {
        return new SimilarLessons(index(), indexEmbeddings());
    }

    public ReachService reach() {
        return new ReachService(implementorRecall(), index());
    }

    /** What the implementor's recall injects for a story (its fixed types, keyword search and limit). */
    public ImplementorRecall implementorRecall() {
        return new ImplementorRecall(index());
    }

    /** The evidence behind a watchdog finding: the documents in the index and the OTEL events it names. */
    public Evidence evidence() {
        return new Evidence(index(), workspace.otelDir());
    }

    public RecallService recall() {
        Embeddings e = indexEmbeddings();
        if (e != null && e.enabled()) {
            return new RecallService(index(), telemetry, ((HybridKnowledgeIndex) index())::question);
        }
        return new RecallService(index(), telemetry);
    }

    /** The running system's critical.db (workspace.json key {@code criticalDb}), or null when none is configured. */
    public CriticalSearch critical() {
        Path db = workspace.brain().criticalDb();
        return db == null ? null : new SqliteCriticalSearch(db, clock);
    }

    /** Which era each source is from: last ADR, newest Brain page, critical.db's freshness. */
    public BrainEra.Era era() {
        return BrainEra.of(workspace, index(), critical(), clock,
                app.indexBackends().sharedWithRunningSystem(workspace.index()).orElse(null));
    }
}
