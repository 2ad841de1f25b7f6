package testsupport;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import services.amendments.JGitAmendmentHistory;
import services.demo.DemoWorkspace;
import services.review.JGitReviewBranch;
import services.workspace.Workspace;
import services.workspace.WorkspaceLoader;

/** Shared test fixtures: a fixed clock and the demo workspace (every format variant and bad file). */
public final class Fixtures {

    public static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-01T10:00:00Z"), ZoneOffset.UTC);

    private static final DemoTemplate TEMPLATE = new DemoTemplate(() -> demoWriter(CLOCK));

    private Fixtures() {
    }

    /** The demo workspace on {@link #CLOCK} in {@code parent/demo}, loaded. */
    public static Workspace demo(Path parent) {
        return new WorkspaceLoader().load(demoAt(parent.resolve("demo")));
    }

    /**
     * The demo workspace on {@link #CLOCK} written into {@code dir} (a new or empty folder), as
     * {@code demoWriter(CLOCK).write(dir).dir()} writes it: a copy of the one this JVM wrote first
     * ({@link DemoTemplate}), which costs a tenth of writing it. Tests of the writer itself call the writer.
     */
    public static Path demoAt(Path dir) {
        return TEMPLATE.copyTo(dir);
    }

    /** The demo's writer on {@code clock}, with the git adapters the composition root gives it. */
    public static DemoWorkspace demoWriter(Clock clock) {
        return new DemoWorkspace(clock, JGitReviewBranch::new, JGitAmendmentHistory::new);
    }
}
