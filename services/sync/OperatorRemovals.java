package services.sync;

import java.util.HashSet;
import java.util.Set;
import services.audit.DecisionLock;
import services.audit.DecisionLog;
import services.knowledge.KnowledgeIndex;
import services.workspace.Workspace;

/**
 * Failed targets an operator cleared or pruned (their ids are in the decision log) stay gone: the retro that names
 * them is not read into them again, and what a clear or prune removed while a sync ran is removed once more.
 */
final class OperatorRemovals {

    private final Workspace workspace;
    private final KnowledgeIndex index;

    OperatorRemovals(Workspace workspace, KnowledgeIndex index) {
        this.workspace = workspace;
        this.index = index;
    }

    /** The document ids cleared or pruned so far. */
    Set<String> ids() {
        Set<String> ids = new HashSet<>();
        for (var entry : new DecisionLog(workspace.stateDir().resolve("decisions.jsonl")).read().entries()) {
            if (entry.path("action").asText().endsWith("_failed")) {
                entry.path("docIds").forEach(id -> ids.add(id.asText()));
            }
        }
        return ids;
    }

    /**
     * A clear or prune that happened while this sync ran (the watchdog's prune, an operator in another window) may
     * have removed documents this sync had already read from their retros and then wrote back: they are removed
     * again, under the decision lock, so what an operator removed stays removed whatever the timing.
     */
    void keep(Set<String> removedAtStart) {
        new DecisionLock(workspace.stateDir()).run(() -> {
            Set<String> late = ids();
            late.removeAll(removedAtStart);
            if (!late.isEmpty()) {
                index.delete(late);
            }
            return null;
        });
    }
}
