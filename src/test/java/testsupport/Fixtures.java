package testsupport;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import services.amendments.JGitAmendmentHistory;
import services.demo.DemoWorkspace;
import services.knowledge.IndexBackend;
import services.knowledge.LuceneBackend;
import services.knowledge.TypesenseBackend;
import services.review.JGitReviewBranch;
import services.workspace.Workspace;
import services.workspace.WorkspaceLoader;

/** Shared test fixtures: a fixed clock and the demo workspace (every format variant and bad file). */
public final class Fixtures {

    public static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-01T10:00:00Z"), ZoneOffset.UTC);

    private static final DemoTemplate TEMPLATE = new DemoTemplate(() -> demoWriter(CLOCK));

    private Fixtures() {
    }

    /** The index backends the console ships, as the composition registers them. */
    public static final List<IndexBackend> BACKENDS = List.of(new LuceneBackend(), new TypesenseBackend());

    /** The demo workspace on {@link #CLOCK} in {@code parent/demo}, loaded. */
    public static Workspace demo(Path parent) {
        return loader().load(demoAt(parent.resolve("demo")));
    }

    /** A workspace loader that knows the shipped index backends. */
    public static WorkspaceLoader loader() {
        return new WorkspaceLoader(BACKENDS);
    }

    /** The same, expanding {@code ~} to {@code userHome}. */
    public static WorkspaceLoader loader(String userHome) {
        return new WorkspaceLoader(userHome, BACKENDS);
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
