package app.compose;

import java.util.List;
import java.util.Map;
import services.reach.LoopPrds;
import services.reach.RedisLoopPrds;
import services.redis.RedisConnectionException;
import services.redis.RedisConnector;
import services.watchdog.FileWatchdogGate;
import services.watchdog.RedisWatchdogGate;
import services.watchdog.WatchdogGate;
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

    /**
     * The watchdog's last-run gate: Redis {@code knowledge:watchdog:last_run} when the workspace has a Redis that
     * answers (shared with the system's own watchdog), else a file in the workspace's state.
     */
    static WatchdogGate gate(Workspace workspace) {
        if (workspace.redis() != null) {
            try {
                return new RedisWatchdogGate(RedisConnector.client(workspace.redis()));
            } catch (RedisConnectionException e) {
                return new FileWatchdogGate(workspace.stateDir());
            }
        }
        return new FileWatchdogGate(workspace.stateDir());
    }
}
