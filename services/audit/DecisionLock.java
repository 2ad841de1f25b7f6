package services.audit;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
}
