package services.audit;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import services.errors.ConsoleException;

/**
 * One decision at a time per workspace: a lock within this process and a file lock ({@code state/decisions.lock})
 * across processes, so two consoles deciding the same thing get exactly one winner.
 */
public final class DecisionLock {

    private static final Map<Path, ReentrantLock> LOCKS = new ConcurrentHashMap<>();

    private final Path file;

    public DecisionLock(Path stateDir) {
        this.file = stateDir.resolve("decisions.lock").toAbsolutePath().normalize();
    }

    public <T> T run(Supplier<T> action) {
        ReentrantLock lock = LOCKS.computeIfAbsent(file, k -> new ReentrantLock());
        lock.lock();
        try {
            Files.createDirectories(file.getParent());
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = channel.lock()) {
                return action.get();
            }
        } catch (IOException e) {
            throw new ConsoleException("Cannot lock " + file + ": " + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits, at most {@code timeout}, until no decision is being made on this workspace — by this process or another
     * console — without making one. A decision writes the proposal file and then its log line; a reader that found a
     * decided status its log does not back yet may be between the two, and reads the log again once this returns
     * true. False when the wait ran out, when the calling thread is the one deciding, or when the lock file cannot be
     * read (the caller then keeps what it read).
     */
    public boolean awaitIdle(Duration timeout) {
        ReentrantLock lock = LOCKS.computeIfAbsent(file, k -> new ReentrantLock());
        if (lock.isHeldByCurrentThread()) {
            return false;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            if (!lock.tryLock(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        try {
            if (!Files.exists(file)) {
                return true; // no console ever decided here
            }
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                while (true) {
                    FileLock shared = channel.tryLock(0, Long.MAX_VALUE, true);
                    if (shared != null) {
                        shared.release();
                        return true;
                    }
                    if (System.nanoTime() > deadline) {
                        return false;
                    }
                    Thread.sleep(10);
                }
            }
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }
}
