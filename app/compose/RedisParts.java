package app.compose;

import java.util.List;
import java.util.Map;
import services.brief.LoopState;
import services.brief.RedisLoopState;
import services.knowledge.TypesenseBackend;
import services.reach.LoopPrds;
import services.reach.RedisLoopPrds;
import services.redis.RedisConnectionException;
import services.redis.RedisConnector;
import services.watchdog.FileWatchdogGate;
import services.watchdog.RedisWatchdogGate;
import services.watchdog.WatchdogGate;
import services.workspace.IndexSettings;
import services.workspace.Workspace;

/**
 * The parts of a workspace that live in its Redis, opened when {@link WorkspaceServices} asks for them: a Redis that
 * does not answer degrades each part (says so, or falls back to the workspace's state) instead of failing the
 * workspace.
 */
final class RedisParts {

    private RedisParts() {
    }

    /** The loops' PRDs in Redis (close them); none without Redis; an unreachable Redis is said in the problems. */
    static LoopPrds loopPrds(Workspace workspace) {
        if (workspace.redis() == null) {
            return LoopPrds.NONE;
        }
        try {
            return new RedisLoopPrds(RedisConnector.client(workspace.redis()));
        } catch (RedisConnectionException e) {
            return new LoopPrds() {
                @Override
                public Map<String, Prd> all(List<String> problems) {
                    problems.add(e.getMessage());
                    return Map.of();
                }

                @Override
                public void close() {
                }
            };
        }
    }

    /** The loops' state in Redis for the mise brief, or why it could not be opened (none without Redis). */
    record Loops(LoopState state, String problem) {
    }

    static Loops loopState(Workspace workspace) {
        if (workspace.redis() == null) {
            return new Loops(null, null);
        }
        try {
            return new Loops(new RedisLoopState(RedisConnector.client(workspace.redis())), null);
        } catch (RuntimeException e) {
            return new Loops(null, e.getMessage());
        }
    }

    /**
     * The watchdog's last-run gate: the console's own, a file in the workspace's state; with Redis, the running
     * system's {@code knowledge:watchdog:last_run} beside it — read always, honoured and written only when this
     * workspace's index is that watchdog's Typesense collection ({@link #notShared}).
     */
    static WatchdogGate gate(Workspace workspace) {
        FileWatchdogGate own = new FileWatchdogGate(workspace.stateDir());
        if (workspace.redis() == null) {
            return own;
        }
        try {
            return new RedisWatchdogGate(RedisConnector.client(workspace.redis()), own, notShared(workspace));
        } catch (RedisConnectionException e) {
            return own;
        }
    }

    /**
     * Why this workspace's watchdog does not do the running system's watchdog's work (prune expired failed targets,
     * recover the collection) on its collection, or null when it does: its index is Typesense {@code system_knowledge}.
     */
    static String notShared(Workspace workspace) {
        IndexSettings index = workspace.index();
        if (!TypesenseBackend.NAME.equals(index.backend())) {
            return "this console's watchdog works on its own " + index.backend() + " index, not the running system's "
                    + "Typesense collection system_knowledge";
        }
        if (!SYSTEM_KNOWLEDGE.equals(index.collection())) {
            return "this console's watchdog works on the Typesense collection " + index.collection() + ", not "
                    + SYSTEM_KNOWLEDGE + ", the running watchdog's";
        }
        return null;
    }

    private static final String SYSTEM_KNOWLEDGE = "system_knowledge";

}
