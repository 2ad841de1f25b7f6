package services.review;

import java.nio.file.Path;
import java.time.Clock;
import testsupport.Fixtures;

/** Run in a child JVM by ApprovalCrashTest: approves a proposal and halts (as kill -9 would) at the given step. */
public final class ApprovalChild {

    private ApprovalChild() {
    }

    public static void main(String[] args) {
        ReviewService service = new ReviewService(Fixtures.loader().load(Path.of(args[0])), Clock.systemUTC());
        service.onStep(step -> {
            if (step.equals(args[2])) {
                Runtime.getRuntime().halt(137);
            }
        });
        service.approve(args[1], "joel", null);
        System.exit(0);
    }
}
