package app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Brain Console commands as real separate processes: this JVM's java, the test class path and {@code app.Main},
 * with their own (temporary) data and config folders. Each run's stdout and stderr go to files, kept for the
 * failure message; {@link #close()} kills what is still running.
 */
final class ClientProcesses implements AutoCloseable {

    record Run(int code, String out, String err) {
    }

    private final Path dir;
    private final List<Process> started = new ArrayList<>();
    private final Map<Process, Path> outputs = new HashMap<>();
    private final StringBuilder stderr = new StringBuilder();
    private final AtomicInteger n = new AtomicInteger();
    private final Map<String, String> environment = new HashMap<>();

    ClientProcesses(Path tmp) {
        try {
            this.dir = Files.createDirectories(tmp.resolve("clients"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts a command; it runs beside this JVM until {@link #finish} or {@link #close}. */
    Process start(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
                "app.Main"));
        command.addAll(List.of(args));
        Path out = dir.resolve(n.incrementAndGet() + "-" + args[0] + ".out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile())
                .redirectError(dir.resolve(out.getFileName() + ".err").toFile());
        for (String folder : List.of("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")) {
            builder.environment().put(folder, dir.resolve(folder.toLowerCase()).toString());
        }
        builder.environment().putAll(environment);
        try {
            Process p = builder.start();
            started.add(p);
            outputs.put(p, out);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sets a variable for the commands started from now on (null removes it). */
    void environment(String name, String value) {
        if (value == null) {
            environment.remove(name);
        } else {
            environment.put(name, value);
        }
    }

    /** Waits for a started command (at most 60 s) and reads what it printed. */
    Run finish(Process p) throws InterruptedException {
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("a command did not finish within 60 s: " + p.info().commandLine().orElse("?"));
        }
        Path out = outputs.get(p);
        try {
            Run run = new Run(p.exitValue(), Files.readString(out), Files.readString(out.resolveSibling(out.getFileName() + ".err")));
            stderr.append(run.err());
            return run;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs a command to its end and expects exit code 0. */
    Run ok(String... args) throws InterruptedException {
        Run run = finish(start(args));
        assertEquals(0, run.code(), String.join(" ", args) + " failed: " + run.err() + run.out());
        return run;
    }

    /** Waits until the file exists (say, a console's socket), failing if the process dies first. */
    void awaitFile(Path file, Process p) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(file)) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError(file + " did not appear; the process " + (p.isAlive() ? "is still running" : "ended"));
            }
            Thread.sleep(50);
        }
    }

    /** Everything the finished commands wrote on stderr. */
    String stderr() {
        return stderr.toString();
    }

    JsonNode json(Run run) {
        try {
            return new ObjectMapper().readTree(run.out());
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + run.out(), e);
        }
    }

    @Override
    public void close() {
        for (Process p : started) {
            if (p.isAlive()) {
                p.destroyForcibly();
                try {
                    p.waitFor(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
