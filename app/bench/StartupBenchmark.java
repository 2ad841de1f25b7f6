package app.bench;

import app.compose.Pools;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import services.workspace.WorkspaceFile;

/**
 * Cold start and memory of the window, measured in child processes: the installed app-image's launcher when it
 * has been built (target/installer), else {@code java -jar target/brain-console.jar}; under xvfb-run when there is
 * no display. Start: process start to the window with the demo workspace's sections in it, median of five.
 * Memory: resident set after visiting every section and searching a generated 100k-document workspace — with
 * semantic search off, or on ({@code semantic}): then every document and sentence has a vector (stand-ins, written
 * here beforehand, see {@link StandInModel}) and the browse turns Semantic on, so the window loads the model,
 * embeds the questions and searches the vectors.
 */
public final class StartupBenchmark {

    public record Result(String launcher, List<Long> startsMs, long medianMs, long residentAtStartMb,
                         long residentAfterBrowsingMb, int browsedDocs) {
    }

    private static final Pattern TOTAL = Pattern.compile("total (\\d+) ms; resident (\\d+) MB");
    private static final Pattern AFTER = Pattern.compile("after browsing: resident (\\d+) MB");

    private final Path base;
    private final Pools pools;

    public StartupBenchmark(Path base, Pools pools) {
        this.pools = pools;
        this.base = base;
    }

    public Result run(int runs, PrintWriter log) throws IOException, InterruptedException {
        return run(runs, log, false);
    }

    public Result run(int runs, PrintWriter log, boolean semantic) throws IOException, InterruptedException {
        List<String> launcher = launcher();
        Path home = Files.createTempDirectory("bc-startup");
        run(launcher, home, List.of("--demo", "--exit-after-start")); // writes the demo and its index once
        List<Long> starts = new ArrayList<>();
        long resident = 0;
        for (int i = 0; i < runs; i++) {
            Matcher m = TOTAL.matcher(run(launcher, home, List.of("--startup-report", "--exit-after-start")));
            if (m.find()) {
                starts.add(Long.parseLong(m.group(1)));
                resident = Math.max(resident, Long.parseLong(m.group(2)));
            }
        }
        if (starts.isEmpty()) {
            throw new IllegalStateException("the window did not report its start-up; is there a display or xvfb-run?");
        }
        Path vault = base.resolve("vault-100000");
        if (!Files.exists(vault.resolve("workspace.json"))) {
            log.println("generating a vault of 100000 documents in " + vault + " …");
            log.flush();
            SyntheticVault.write(vault, 100_000);
        }
        // semantic off: the window must not start embedding 100,000 documents here; on: nothing is left to embed
        new WorkspaceFile(vault).saveSemantic(semantic);
        if (semantic) {
            StandInModel.embedEverything(vault, log, pools);
        }
        String browsed = run(launcher, home, List.of("--workspace", vault.toString(), "--browse-then-exit"));
        Matcher after = AFTER.matcher(browsed);
        List<Long> sorted = new ArrayList<>(starts);
        Collections.sort(sorted);
        return new Result(String.join(" ", launcher), starts, sorted.get(sorted.size() / 2), resident,
                after.find() ? Long.parseLong(after.group(1)) : -1, SyntheticVault.plan(100_000).docs());
    }

    /** The installed launcher's memory options (installer/build.sh), given to {@code java -jar} too. */
    static final List<String> LAUNCHER_MEMORY_OPTIONS = List.of("-XX:+UseG1GC", "-XX:GCTimeRatio=1", "-Xss512k",
            "-Xms32m", "-Xmx512m", "-XX:MaxNewSize=32m", "-XX:MinHeapFreeRatio=5", "-XX:MaxHeapFreeRatio=20",
            "-XX:TieredStopAtLevel=1",
            "-XX:ReservedCodeCacheSize=64m");

    static List<String> launcher() {
        Path image = Path.of("target/installer/brain-console/bin/brain-console");
        List<String> command = new ArrayList<>();
        if (System.getenv("DISPLAY") == null) {
            command.addAll(List.of("xvfb-run", "-a", "-s", "-screen 0 1280x800x24"));
        }
        if (Files.isExecutable(image)) {
            command.add(image.toAbsolutePath().toString());
        } else {
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(LAUNCHER_MEMORY_OPTIONS); // so the jar's figures are the installed launcher's
            command.addAll(List.of("-jar", Path.of("target/brain-console.jar").toAbsolutePath().toString()));
        }
        return command;
    }

    /** Runs the window (or a command) as a child process with its own data folder; its output, stdout and stderr. */
    static String run(List<String> launcher, Path home, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(launcher);
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("JAVA_TOOL_OPTIONS", "-Dbrainconsole.home=" + home);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }
}
