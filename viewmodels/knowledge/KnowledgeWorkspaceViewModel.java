package viewmodels.knowledge;

import java.time.Clock;
import services.embedding.EmbeddingBackfill;
import services.knowledge.KnowledgeIndex;
import services.sync.VaultSync;
import services.tasks.TaskRunner;
import services.workspace.Workspace;

/**
 * The Knowledge browser, its sync and its embeddings for one open workspace, chained as a user expects: after a
 * sync the browser searches again and what the sync wrote is embedded; after an embedding run a search by meaning
 * is run again; semantic search is offered only when there are embeddings to search. The window holds one for as
 * long as the workspace is open; plain JUnit drives it without one.
 */
public final class KnowledgeWorkspaceViewModel {

    private final SyncViewModel sync;
    private final KnowledgeViewModel knowledge;
    private final EmbeddingsViewModel embeddings;

    /**
     * @param backfill    what embeds the index's documents without a vector, or null when semantic search is off
     * @param offReason   why semantic search is off (shown when {@code backfill} is null)
     * @param settleMillis how long typing rests before a search by meaning ({@link KnowledgeViewModel#SEMANTIC_SETTLE_MILLIS})
     */
    public KnowledgeWorkspaceViewModel(Workspace workspace, KnowledgeIndex index, VaultSync vaultSync,
                                       EmbeddingBackfill backfill, String offReason, TaskRunner runner, Clock clock,
                                       long settleMillis) {
        this.sync = new SyncViewModel(index, vaultSync, runner, clock, workspace.readOnly());
        this.knowledge = new KnowledgeViewModel(index,
                new DocumentDetailViewModel(index, workspace, runner, clock.getZone()), runner, clock.getZone(),
                settleMillis);
        this.embeddings = new EmbeddingsViewModel(index, workspace.readOnly() ? null : backfill,
                backfill == null ? offReason : null, runner);
        knowledge.setSemanticAvailable(embeddings.available());
        sync.setAfterSync(() -> {
            knowledge.search();
            embeddings.embedMissing();
        });
        embeddings.setAfterEmbedding(() -> {
            if (knowledge.semanticProperty().get()) {
                knowledge.search();
            }
        });
    }

    public SyncViewModel sync() {
        return sync;
    }

    public KnowledgeViewModel knowledge() {
        return knowledge;
    }

    public EmbeddingsViewModel embeddings() {
        return embeddings;
    }
}
