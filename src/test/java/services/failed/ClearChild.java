package services.failed;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import services.knowledge.LuceneKnowledgeIndex;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Run in a child JVM by ClearKilledTest: clears every failed target of project {@code args[1]} ({@code args[2]}
 * targets S0…) and, after {@code args[3]} removals, says "PAUSED" on stdout and waits to be killed with kill -9.
 */
public final class ClearChild {

    private ClearChild() {
    }

    public static void main(String[] args) throws Exception {
        Workspace ws = Fixtures.loader().load(Path.of(args[0]));
        int n = Integer.parseInt(args[2]);
        int pauseAfter = Integer.parseInt(args[3]);
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            keys.add(FailedTargetsService.key(args[1], "S" + i));
        }
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
             FailedTargets redis = RedisFailedTargets.open(ws.redis())) {
            FailedTargetsService service = new FailedTargetsService(ws, index, redis, Clock.systemUTC());
            int[] removed = {0};
            service.onStep(step -> {
                if (step.equals("removed") && ++removed[0] == pauseAfter) {
                    System.out.println("PAUSED");
                    System.out.flush();
                    try {
                        Thread.sleep(600_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            service.clear(keys, "the loop was fixed", "joel");
        }
        System.exit(0);
    }
}
