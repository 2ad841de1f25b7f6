package app.bench;

import app.warm.WarmProtocol;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The command line end to end, as separate processes, on the demo workspace: each read command cold (no console
 * owns the workspace) and warm (a headless {@code scheduler} owns it and answers on its socket), through
 * {@code java -jar}, through the installed launcher when {@code target/installer} has been built, and through the
 * launcher's own runtime and options without its class-data-sharing archive (what the archive saves).
 */
public final class CliBenchmark {

    /** One launcher × command: process start to exit, in ms. */
    public record Row(String launcher, String command, String mode, List<Long> ms, long medianMs, long p95Ms,
                      Long targetMs) {
    }

    public record Result(List<Row> rows, String workspace) {
    }

    private static final Map<String, List<String>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("keyword search", List.of("search", "retry", "backoff", "--mode", "keyword"));
        COMMANDS.put("hybrid search", List.of("search", "retry", "backoff", "--mode", "hybrid"));
        COMMANDS.put("search --budget balanced", List.of("search", "why does the loop retry failed stories", "--budget", "balanced"));
        COMMANDS.put("failed list", List.of("failed", "list"));
    }

    private final Path base;

    public CliBenchmark(Path base) {
        this.base = base;
    }

    public Result run(int runs, PrintWriter log) throws IOException, InterruptedException {
        Files.createDirectories(base);
        Path home = Files.createTempDirectory(base, "cli-home");
        Path demo = home.resolve("demo");
        List<String> jar = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                Path.of("target/brain-console.jar").toAbsolutePath().toString());
        Map<String, List<String>> launchers = new LinkedHashMap<>();
        launchers.put("java -jar", jar);
        Path image = Path.of("target/installer/brain-console");
        Path launcher = image.resolve("bin/brain-console");
        if (Files.isExecutable(launcher)) {
            List<String> noCds = withoutArchive(image);
            if (noCds != null) {
                launchers.put("image java, no AppCDS", noCds);
            }
            launchers.put("launcher" + (Files.exists(image.resolve("lib/app/brain-console.jsa")) ? " + AppCDS" : ""),
                    List.of(launcher.toAbsolutePath().toString()));
            Path script = image.resolve("bin/brain-console-cli"); // the .deb's /usr/bin/brain-console
            if (Files.isExecutable(script)) {
                launchers.put("cli script" + (Files.exists(image.resolve("lib/app/brain-console.jsa")) ? " + AppCDS" : ""),
                        List.of(script.toAbsolutePath().toString()));
            }
        }
        log.println("demo workspace and its index (with embeddings) in " + demo + " …");
        log.flush();
        check(run(jar, home, List.of("demo", demo.toString())), "demo");
        check(run(jar, home, List.of("sync", "--workspace", demo.toString())), "sync");
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, List<String>> l : launchers.entrySet()) {
            for (Map.Entry<String, List<String>> c : COMMANDS.entrySet()) {
                rows.add(measure(l.getKey(), l.getValue(), c.getKey(), c.getValue(), "cold", home, demo, runs, log));
            }
        }
        // The owner: a headless scheduler with the workspace open (it answers on state/warm/owner.sock).
        ProcessBuilder owner = new ProcessBuilder(with(jar, List.of("scheduler", "--workspace", demo.toString())))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        owner.environment().put("JAVA_TOOL_OPTIONS", "-Dbrainconsole.home=" + home);
        Process scheduler = owner.start();
        try {
            Path socket = WarmProtocol.socket(demo.toAbsolutePath().normalize());
            for (int i = 0; i < 600 && !Files.exists(socket); i++) {
                Thread.sleep(100);
            }
            if (!Files.exists(socket)) {
                throw new IllegalStateException("the scheduler did not open " + socket);
            }
            for (List<String> args : COMMANDS.values()) {
                run(jar, home, with(args, List.of("--workspace", demo.toString()))); // the owner loads what it needs once
            }
            for (Map.Entry<String, List<String>> l : launchers.entrySet()) {
                for (Map.Entry<String, List<String>> c : COMMANDS.entrySet()) {
                    rows.add(measure(l.getKey(), l.getValue(), c.getKey(), c.getValue(), "warm", home, demo, runs, log));
                }
            }
        } finally {
            scheduler.destroy();
            scheduler.waitFor(20, TimeUnit.SECONDS);
        }
        return new Result(rows, demo.toString());
    }

    private static Row measure(String launcher, List<String> command, String name, List<String> args, String mode,
                               Path home, Path demo, int runs, PrintWriter log) throws IOException, InterruptedException {
        List<String> full = with(args, List.of("--workspace", demo.toString()));
        List<String> prefix = new ArrayList<>(command);
        List<Long> ms = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            long t = System.nanoTime();
            check(run(prefix, home, full, mode.equals("cold")), name);
            ms.add((System.nanoTime() - t) / 1_000_000);
        }
        List<Long> sorted = new ArrayList<>(ms);
        sorted.sort(null);
        Long target = mode.equals("warm") ? Long.valueOf(300)
                : !launcher.startsWith("launcher") && !launcher.startsWith("cli script") ? null
                : name.startsWith("keyword") || name.startsWith("failed") ? Long.valueOf(800) : Long.valueOf(1500);
        Row row = new Row(launcher, name, mode, ms, sorted.get(sorted.size() / 2),
                sorted.get((int) Math.ceil(0.95 * sorted.size()) - 1), target);
        log.printf("  %-20s %-26s %s: median %d ms%n", launcher, name, mode, row.medianMs());
        log.flush();
        return row;
    }

    /** The launcher's runtime, class path and options from its .cfg, without the class-data-sharing archive. */
    private static List<String> withoutArchive(Path image) throws IOException {
        Path app = image.resolve("lib/app");
        Path cfg = app.resolve("brain-console.cfg");
        Path java = image.resolve("lib/runtime/bin/java");
        if (!Files.exists(cfg) || !Files.isExecutable(java)) {
            return null;
        }
        List<String> command = new ArrayList<>(List.of(java.toAbsolutePath().toString()));
        List<String> classPath = new ArrayList<>();
        String dir = app.toAbsolutePath().toString();
        for (String line : Files.readAllLines(cfg)) {
            if (line.startsWith("app.classpath=")) {
                classPath.add(line.substring("app.classpath=".length()).replace("$APPDIR", dir));
            } else if (line.startsWith("java-options=") && !line.contains("SharedArchiveFile") && !line.contains("Xshare")
                    && !line.contains("Xlog:cds")) {
                command.add(line.substring("java-options=".length()).replace("$APPDIR", dir));
            }
        }
        command.addAll(List.of("-cp", String.join(File.pathSeparator, classPath), "app.Main"));
        return command;
    }

    private static List<String> with(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static void check(int exit, String what) {
        if (exit != 0) {
            throw new IllegalStateException(what + " exited with " + exit);
        }
    }

    private static int run(List<String> command, Path home, List<String> args) throws IOException, InterruptedException {
        return run(command, home, args, false);
    }

    private static int run(List<String> command, Path home, List<String> args, boolean cold)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(with(command, args)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("JAVA_TOOL_OPTIONS", "-Dbrainconsole.home=" + home);
        if (cold) {
            pb.environment().put("BRAIN_CONSOLE_NO_WARM", "1");
        }
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }

    /** The rows as the README's table. */
    public static String table(Result r) {
        StringBuilder out = new StringBuilder("| launcher | command | cold median / p95 | warm median / p95 | target |\n"
                + "|---|---|---:|---:|---|\n");
        for (Row cold : r.rows()) {
            if (!cold.mode().equals("cold")) {
                continue;
            }
            Row warm = r.rows().stream().filter(w -> w.mode().equals("warm") && w.launcher().equals(cold.launcher())
                    && w.command().equals(cold.command())).findFirst().orElse(null);
            out.append(String.format("| %s | %s | %,d / %,d ms | %s | %s |%n", cold.launcher(), cold.command(),
                    cold.medianMs(), cold.p95Ms(), warm == null ? "–" : String.format("%,d / %,d ms", warm.medianMs(),
                            warm.p95Ms()), (cold.targetMs() == null ? "" : "cold < " + cold.targetMs() + " ms; ")
                            + "warm < 300 ms"));
        }
        return out + "Targets: warm < 300 ms end to end (client JVM included); cold keyword < 0.8 s and cold hybrid "
                + "< 1.5 s through the installed launcher.\n";
    }
}
