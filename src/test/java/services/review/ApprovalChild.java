package services.review;

import java.nio.file.Path;
import java.time.Clock;
import services.workspace.WorkspaceLoader;

/** Run in a child JVM by ApprovalCrashTest: approves a proposal and halts (as kill -9 would) at the given step. */
public final class ApprovalChild {

    private ApprovalChild() {
    }

    public static void main(String[] args) {
        ReviewService service = new ReviewService(new WorkspaceLoader().load(Path.of(args[0])), Clock.systemUTC());
        service.onStep(step -> {
            if (step.equals(args[2])) {
                Runtime.getRuntime().halt(137);
            }
        });
        service.approve(args[1], "joel", null);
        System.exit(0);
    }
}
