package services.workspace;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import services.errors.ConsoleException;

/**
 * Writers to one workspace take turns: a lock within this process (re-entrant, so a write inside a write does not
 * wait for itself) and a file lock on {@code state/write.lock} across processes. The holder writes who it is
 * ({@code pid}, {@code since}, {@code what}) into {@code state/write.owner}, so a writer that waits can say whom it
 * waits for. The operating system drops a file lock when its process dies (even by kill -9), so a crashed owner
 * never blocks the next command. Readers never take this lock.
 */
public final class WorkspaceWriteLock {

    public static final Duration DEFAULT_WAIT = Duration.ofSeconds(30);
    private static final long NOTICE_AFTER_MS = 1_000;
    private static final long POLL_MS = 25;
    private static final Map<Path, Holder> HOLDERS = new ConcurrentHashMap<>();
    private static volatile Consumer<String> notices = message -> { };

    /** Who holds the lock, as its owner record says. */
    public record Owner(long pid, String since, String what) {
        /** "process 4711 (…)", or — the holder being this very process (the window's own start-up work) — in words. */
        public String describe() {
            String who = pid == ProcessHandle.current().pid() ? "this console's own work" : "process " + pid;
            return who + " (" + what + ", since " + since + ")";
        }
    }

    private static final class Holder {
        final ReentrantLock inProcess = new ReentrantLock();
        FileChannel channel;
        FileLock fileLock;
    }

    private final Path lockFile;
    private final Path ownerFile;
    private final Duration wait;

    public WorkspaceWriteLock(Path stateDir) {
        this(stateDir, DEFAULT_WAIT);
    }

    public WorkspaceWriteLock(Path stateDir, Duration wait) {
        Path dir = stateDir.toAbsolutePath().normalize();
        this.lockFile = dir.resolve("write.lock");
        this.ownerFile = dir.resolve("write.owner");
        this.wait = wait;
    }

    /** Where "waiting for …" lines go (the command line sends them to stderr; the window shows its busy state). */
    public static void onWait(Consumer<String> sink) {
        notices = sink == null ? message -> { } : sink;
    }

    /** Runs {@code action} holding the workspace's write lock; waits for another writer up to the set time. */
    public <T> T run(String what, Supplier<T> action) {
        Holder holder = HOLDERS.computeIfAbsent(lockFile, k -> new Holder());
        long deadline = System.nanoTime() + wait.toNanos();
        long noticeAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(NOTICE_AFTER_MS);
        boolean noticed = false;
        try {
            while (!holder.inProcess.tryLock(POLL_MS, TimeUnit.MILLISECONDS)) {
                noticed = waited(deadline, noticeAt, noticed, what);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkspaceBusyException("Interrupted while waiting to write to the workspace (" + what + ").");
        }
        try {
            boolean outermost = holder.inProcess.getHoldCount() == 1;
            if (outermost) {
                lockFile(holder, deadline, noticeAt, noticed, what);
            }
            try {
                return action.get();
            } finally {
                if (outermost) {
                    unlockFile(holder);
                }
            }
        } finally {
            holder.inProcess.unlock();
        }
    }

    public void run(String what, Runnable action) {
        run(what, () -> {
            action.run();
            return null;
        });
    }

    private void lockFile(Holder holder, long deadline, long noticeAt, boolean noticed, String what) {
        try {
            Files.createDirectories(lockFile.getParent());
            FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                FileLock lock;
                while ((lock = tryLock(channel)) == null) {
                    noticed = waited(deadline, noticeAt, noticed, what);
                    Thread.sleep(POLL_MS);
                }
                holder.channel = channel;
                holder.fileLock = lock;
            } catch (RuntimeException | InterruptedException e) {
                channel.close();
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                    throw new WorkspaceBusyException("Interrupted while waiting to write to the workspace (" + what + ").");
                }
                throw (RuntimeException) e;
            }
            writeOwner(what);
        } catch (IOException e) {
            throw new ConsoleException("Cannot lock " + lockFile + " for writing: " + e.getMessage(), e);
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException sameJvmOtherLoader) {
            return null;
        }
    }

    private boolean waited(long deadline, long noticeAt, boolean noticed, String what) {
        long now = System.nanoTime();
        if (now >= deadline) {
            throw new WorkspaceBusyException("Cannot " + what + ": the workspace is being written by "
                    + owner().map(Owner::describe).orElse("another Brain Console") + "; waited "
                    + wait.toSeconds() + " s. Try again when it has finished.");
        }
        if (!noticed && now >= noticeAt) {
            notices.accept("Waiting for " + owner().map(Owner::describe).orElse("another writer")
                    + " to finish writing to the workspace…");
            return true;
        }
        return noticed;
    }

    private void writeOwner(String what) {
        String record = "{\"pid\": " + ProcessHandle.current().pid() + ", \"since\": \"" + Instant.now()
                + "\", \"what\": \"" + what.replace("\\", "\\\\").replace("\"", "'") + "\"}\n";
        // Written whole and moved into place, so a reader (a writer that waits, another process) never reads a
        // record cut short — an empty file read as "process 0" — when this one is killed mid-write.
        Path partial = ownerFile.resolveSibling(ownerFile.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.writeString(partial, record, StandardCharsets.UTF_8);
            Files.move(partial, ownerFile, StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException ignored) {
            // The record only names the holder in messages; the lock itself is what keeps writers apart.
        }
    }

    private static void unlockFile(Holder holder) {
        try {
            if (holder.fileLock != null) {
                holder.fileLock.release();
            }
            if (holder.channel != null) {
                holder.channel.close();
            }
        } catch (IOException ignored) {
            // Closing the channel releases the lock whatever the release said.
        } finally {
            holder.fileLock = null;
            holder.channel = null;
        }
    }

    /** The last holder's record (it may be one that has finished, or died). */
    public Optional<Owner> owner() {
        try {
            if (!Files.isRegularFile(ownerFile)) {
                return Optional.empty();
            }
            var node = new ObjectMapper().readTree(Files.readString(ownerFile));
            if (node == null || !node.path("pid").canConvertToLong() || node.path("pid").asLong() <= 0) {
                return Optional.empty(); // no record to name a holder with (an earlier version's cut-short file)
            }
            return Optional.of(new Owner(node.path("pid").asLong(), node.path("since").asText("?"),
                    node.path("what").asText("writing")));
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    /** Refused after waiting the set time for another writer. */
    public static final class WorkspaceBusyException extends ConsoleException {
        public WorkspaceBusyException(String message) {
            super(message);
        }
    }
}
