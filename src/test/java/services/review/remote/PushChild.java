package services.review.remote;

import java.nio.file.Path;
import java.time.Clock;
import testsupport.Fixtures;

/** Run in a child JVM by PushCrashTest: syncs a workspace and halts (as kill -9 would) at the given step. */
public final class PushChild {

    private PushChild() {
    }

    public static void main(String[] args) {
        ReviewSharing sharing = ReviewSharing.of(Fixtures.loader().load(Path.of(args[0])), Clock.systemUTC(),
                Path.of(args[1]), step -> {
                    if (step.equals(args[2])) {
                        Runtime.getRuntime().halt(137);
                    }
                });
        sharing.sync();
        System.exit(0);
    }
}
