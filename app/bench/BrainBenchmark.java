package app.bench;

import app.compose.IndexBackends;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.SyncResult;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.Workspace;

/**
 * {@code bench brain}: a sync of 500 Brain pages shaped like the real ones (frontmatter title, type, status,
 * parent, blockers, created_at, privacy; a heading, prose, a component, now and then a script block), in a
 * workspace of its own. Cold = the first sync (every page read and indexed); warm = a sync with nothing changed,
 * median of 7; one changed = a sync after one page was edited, median of 7. Target: a warm sync under one second.
 */
public final class BrainBenchmark {

    public record Result(int pages, long coldMs, long warmMedianMs, long oneChangedMedianMs, int indexed) {
    }

    private static final String[] TYPES = {"step", "task", "asset", "brief", "task-brief", "resource"};
    private static final String[] STATUSES = {"open", "closed", "active", "chartered"};

    private final Path base;

    public BrainBenchmark(Path base) {
        this.base = base;
    }

    public Result run(int pages, PrintWriter log) throws IOException {
        Path dir = base.resolve("brain-" + pages + "-" + ProcessHandle.current().pid());
        Path repo = dir.resolve("code/joelclaw");
        for (int i = 0; i < pages; i++) {
            String project = "project-" + (i % 25);
            Path page = repo.resolve(".brain/projects/" + project + "/" + (i % 10 == 0 ? "decide-" : "step-") + i + ".svx");
            Files.createDirectories(page.getParent());
            Files.writeString(page, page(i, project));
        }
        Files.createDirectories(dir.resolve("vault/docs/decisions"));
        Files.createDirectories(dir.resolve("repo/skills"));
        Files.writeString(dir.resolve("workspace.json"), "{\"name\": \"bench-brain\", \"vault\": \"vault\", "
                + "\"skillsRepo\": \"repo\", \"brain\": [\"code/joelclaw\"]}");
        Workspace ws = IndexBackends.shippedLoader().load(dir);
        log.println("syncing " + pages + " Brain pages in " + dir + " …");
        log.flush();
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            VaultSync sync = new VaultSync(ws, index, Clock.systemUTC());
            long t0 = System.nanoTime();
            SyncResult first = sync.run(SyncOptions.all(), ProgressSink.NONE);
            long cold = (System.nanoTime() - t0) / 1_000_000;
            List<Long> warm = new ArrayList<>();
            List<Long> changed = new ArrayList<>();
            for (int r = 0; r < 7; r++) {
                long t = System.nanoTime();
                sync.run(SyncOptions.all(), ProgressSink.NONE);
                warm.add((System.nanoTime() - t) / 1_000_000);
                Path edited = repo.resolve(".brain/projects/project-1/step-1.svx");
                Files.writeString(edited, page(1, "project-1") + "\nEdited in run " + r + ".\n");
                Files.setLastModifiedTime(edited, FileTime.fromMillis(System.currentTimeMillis() + 1000L * (r + 1)));
                t = System.nanoTime();
                sync.run(SyncOptions.all(), ProgressSink.NONE);
                changed.add((System.nanoTime() - t) / 1_000_000);
            }
            return new Result(pages, cold, median(warm), median(changed), first.indexed());
        }
    }

    public static String table(Result r) {
        return String.format("| Brain pages | cold sync | warm sync (nothing changed), median of 7 | one page changed, "
                + "median of 7 |%n|---:|---:|---:|---:|%n| %d | %d ms | %d ms | %d ms |%n"
                + "Target: a warm sync of 500 Brain pages under 1 s.%n", r.pages(), r.coldMs(), r.warmMedianMs(),
                r.oneChangedMedianMs());
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static String page(int i, String project) {
        String type = TYPES[i % TYPES.length];
        StringBuilder out = new StringBuilder("---\n")
                .append("title: \"Step ").append(i).append(": wire the ").append(project).append(" surface\"\n")
                .append("type: \"").append(type).append("\"\n")
                .append("kind: \"task\"\n")
                .append("status: \"").append(STATUSES[i % STATUSES.length]).append("\"\n")
                .append("interaction: \"HITL\"\n")
                .append("parent: \"./").append(project).append("-brief.svx\"\n")
                .append("blockers:\n  - \"./step-").append(Math.max(0, i - 25)).append(".svx\"\n")
                .append("created_at: \"2026-0").append(7 + i % 2).append('-').append(10 + i % 18).append("\"\n");
        if (i % 3 == 0) {
            out.append("privacy: \"private\"\n");
        }
        out.append("---\n\n");
        if (i % 7 == 0) {
            out.append("<script>\n  import StatusPill from \"../../components/StatusPill.svelte\";\n</script>\n\n");
        }
        out.append("# Step ").append(i).append("\n\n## Step\n\n");
        for (int p = 0; p < 6; p++) {
            out.append("The ").append(project).append(" surface reads observations, writes receipts and keeps its ")
                    .append("projections rebuildable from the files; paragraph ").append(p).append(" of page ")
                    .append(i).append(".\n\n");
        }
        out.append("<StatusPill label=\"active\" tone=\"success\" />\n\n## Result\n\nClosed with receipts.\n");
        return out.toString();
    }
}
