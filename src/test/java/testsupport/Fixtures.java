package testsupport;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import services.demo.DemoWorkspace;
import services.workspace.Workspace;
import services.workspace.WorkspaceLoader;

/** Shared test fixtures: a fixed clock and the demo workspace (every format variant and bad file). */
public final class Fixtures {

    public static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-01T10:00:00Z"), ZoneOffset.UTC);

    private Fixtures() {
    }

    public static Workspace demo(Path parent) {
        return new WorkspaceLoader().load(new DemoWorkspace(CLOCK).write(parent.resolve("demo")).dir());
    }
}
