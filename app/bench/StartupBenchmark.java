package app.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cold start and memory of the window, measured in child processes: the installed app-image's launcher when it
 * has been built (target/installer), else {@code java -jar target/brain-console.jar}; under xvfb-run when there is
 * no display. Start: process start to the window with the demo workspace's sections in it, median of five.
 * Memory: resident set after visiting every section and searching a generated 100k-document workspace.
 */
public final class StartupBenchmark {

    public record Result(String launcher, List<Long> startsMs, long medianMs, long residentAtStartMb,
                         long residentAfterBrowsingMb, int browsedDocs) {
    }

    private static final Pattern TOTAL = Pattern.compile("total (\\d+) ms; resident (\\d+) MB");
    private static final Pattern AFTER = Pattern.compile("after browsing: resident (\\d+) MB");

    private final Path base;

    public StartupBenchmark(Path base) {
        this.base = base;
    }

    public Result run(int runs, java.io.PrintWriter log) throws IOException, InterruptedException {
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
        // a vault generated before semantic search existed: it must not start embedding 100,000 documents here
        new services.workspace.WorkspaceFile(vault).update(root -> root.putObject("semantic").put("enabled", false));
        String browsed = run(launcher, home, List.of("--workspace", vault.toString(), "--browse-then-exit"));
        Matcher after = AFTER.matcher(browsed);
        List<Long> sorted = new ArrayList<>(starts);
        Collections.sort(sorted);
        return new Result(String.join(" ", launcher), starts, sorted.get(sorted.size() / 2), resident,
                after.find() ? Long.parseLong(after.group(1)) : -1, SyntheticVault.plan(100_000).docs());
    }

    private static List<String> launcher() {
        Path image = Path.of("target/installer/brain-console/bin/brain-console");
        List<String> command = new ArrayList<>();
        if (System.getenv("DISPLAY") == null) {
            command.addAll(List.of("xvfb-run", "-a", "-s", "-screen 0 1280x800x24"));
        }
        if (Files.isExecutable(image)) {
            command.add(image.toAbsolutePath().toString());
        } else {
            command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                    Path.of("target/brain-console.jar").toAbsolutePath().toString()));
        }
        return command;
    }

    private static String run(List<String> launcher, Path home, List<String> args) throws IOException, InterruptedException {
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
