package services.policy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Stream;
import services.amendments.AmendmentHistory;
import services.errors.ConsoleException;
import services.text.UrlCredentials;

/**
 * Runs one configured check on a change the dial applied: the review branch's files at the new commit are written
 * into a scratch folder of their own (from the object database — never the user's working tree or index), the
 * command runs there with a clean environment and a time limit, its output (standard output and error together)
 * goes to a file outside that folder and only its last {@link #KEPT_BYTES} bytes are kept, with any URL's
 * credentials hidden. On time-out the whole process tree is killed. A check that cannot start, or whose checkout
 * cannot be written, fails: the change is not believed checked.
 */
final class PostApplyCheck {

    /** How much of a check's output is kept (its end). */
    static final int KEPT_BYTES = 64 * 1024;

    /** What a check did: passed (exit 0 in time), else why not; {@code output} is the end of what it printed. */
    record Result(String check, boolean passed, boolean timedOut, Integer exitCode, String output, long millis,
                  String problem) {

        /** One line saying how it ended: "exit 0", "exit 2", "timed out after 60 s", "could not run: …". */
        String ending(int timeoutSeconds) {
            return problem != null ? "could not run: " + problem : timedOut ? "timed out after " + timeoutSeconds + " s"
                    : "exit " + exitCode;
        }
    }

    private final Function<Path, AmendmentHistory> histories;

    PostApplyCheck(Function<Path, AmendmentHistory> histories) {
        this.histories = histories;
    }

    Result run(Guardrails.Check check, Path repoRoot, String sha) {
        long start = System.nanoTime();
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("brain-console-check-");
            Path tree = Files.createDirectory(scratch.resolve("tree"));
            Path home = Files.createDirectory(scratch.resolve("home"));
            Path tmp = Files.createDirectory(scratch.resolve("tmp"));
            Path out = scratch.resolve("output.log");
            try (AmendmentHistory history = histories.apply(repoRoot)) {
                history.export(sha, tree);
            }
            ProcessBuilder pb = new ProcessBuilder(check.command()).directory(tree.toFile()).redirectErrorStream(true)
                    .redirectOutput(out.toFile()).redirectInput(ProcessBuilder.Redirect.from(emptyInput(scratch).toFile()));
            environment(pb.environment(), home, tmp, sha);
            Process process;
            try {
                process = pb.start();
            } catch (IOException | RuntimeException e) {
                return new Result(check.name(), false, false, null, "", millis(start), "the command "
                        + check.command().get(0) + " cannot be started (" + e.getMessage() + ")");
            }
            boolean finished;
            try {
                finished = process.waitFor(check.timeoutSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                killTree(process);
                Thread.currentThread().interrupt();
                return new Result(check.name(), false, false, null, tail(out), millis(start), "interrupted");
            }
            if (!finished) {
                killTree(process);
                return new Result(check.name(), false, true, null, tail(out), millis(start), null);
            }
            int exit = process.exitValue();
            killTree(process); // anything it left running in the background goes too
            return new Result(check.name(), exit == 0, false, exit, tail(out), millis(start), null);
        } catch (IOException | ConsoleException e) {
            return new Result(check.name(), false, false, null, "", millis(start), UrlCredentials.scrub(e.getMessage()));
        } finally {
            delete(scratch);
        }
    }

    /** A clean environment: nothing of the console's own (tokens, passwords) reaches a check. */
    private static void environment(Map<String, String> env, Path home, Path tmp, String sha) {
        String path = System.getenv("PATH");
        env.clear();
        env.put("PATH", path == null || path.isBlank() ? "/usr/local/bin:/usr/bin:/bin" : path);
        env.put("HOME", home.toString());
        env.put("TMPDIR", tmp.toString());
        env.put("LANG", "C.UTF-8");
        env.put("BRAIN_CONSOLE_CHECK_COMMIT", sha);
    }

    private static Path emptyInput(Path scratch) throws IOException {
        return Files.createFile(scratch.resolve("input"));
    }

    /** Kills the process and every process it started (their handles are taken before the parent goes). */
    static void killTree(Process process) {
        List<ProcessHandle> children = process.descendants().toList();
        children.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        try {
            process.waitFor(5, TimeUnit.SECONDS);
            for (ProcessHandle child : children) { // gone before the run goes on (a zombie is reaped by its new parent)
                long left = deadline - System.nanoTime();
                if (left > 0) {
                    child.onExit().get(left, TimeUnit.NANOSECONDS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException stillThere) {
            // killed; the system will reap it — the check is failed either way
        }
    }

    /** The last {@link #KEPT_BYTES} bytes of the output as text (a cut character replaced), credentials hidden. */
    static String tail(Path out) {
        try (RandomAccessFile f = new RandomAccessFile(out.toFile(), "r")) {
            long size = f.length();
            int n = (int) Math.min(size, KEPT_BYTES);
            byte[] bytes = new byte[n];
            f.seek(size - n);
            f.readFully(bytes);
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(ByteBuffer.wrap(bytes)).toString();
            return UrlCredentials.scrub((size > n ? "…" : "") + text);
        } catch (IOException e) {
            return "";
        }
    }

    private static long millis(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> {
                try {
                    if (Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) {
                        f.toFile().setWritable(true, true); // a link is removed, never followed
                    }
                    Files.deleteIfExists(f);
                } catch (IOException | RuntimeException leftBehind) {
                    // a scratch file that cannot be removed stays in the temp folder; the result stands
                }
            });
        } catch (IOException | RuntimeException leftBehind) {
            // as above
        }
    }
}
