package app.bench;

import app.compose.AppContext;
import app.compose.WorkspaceServices;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import services.brief.MiseBrief;
import services.sync.SyncOptions;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.AppDirs;
import services.workspace.Workspace;

/**
 * The mise brief gathered again and again on the demo workspace (index only: no Redis), through the workspace's
 * services as the window and {@code brief} build them. Target: gathered in under 100 ms.
 */
public final class BriefBenchmark {

    public record Result(int runs, long firstMs, long medianMs, long p95Ms) {
    }

    public Result run(int runs) throws IOException {
        Path home = Files.createTempDirectory("bc-brief");
        AppContext app = new AppContext(new AppDirs(home.resolve("config"), home.resolve("data")),
                Clock.systemUTC(), new SynchronousTaskRunner());
        Workspace ws = app.loader().load(app.demo().write(home.resolve("demo")).dir());
        try (WorkspaceServices services = app.open(ws)) {
            services.sync().run(SyncOptions.all(), ProgressSink.NONE);
            MiseBrief brief = services.brief();
            List<Long> times = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                long t = System.nanoTime();
                brief.gather();
                times.add((System.nanoTime() - t) / 1_000_000);
            }
            List<Long> warm = new ArrayList<>(times.subList(Math.min(5, runs - 1), times.size()));
            Collections.sort(warm);
            return new Result(runs, times.get(0), warm.get(warm.size() / 2),
                    warm.get((int) Math.ceil(0.95 * warm.size()) - 1));
        }
    }
}
