package testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * Where every {@code @TempDir} of the tests is made (junit-platform.properties): in memory, under {@code /dev/shm},
 * when this machine has one with room to spare, else in the usual temporary folder. The tests make and delete tens of
 * thousands of small files (a demo workspace, a git repository and an index per test); on ext4 each new inode is
 * searched for past the recently deleted ones, and that search took more system time than the tests took user time
 * (services.review: 55 s of system time on /tmp, 13 s on /dev/shm). Nothing in a test depends on the disk it is on.
 */
public final class MemoryTempDirs implements TempDirFactory {

    /** The room /dev/shm must have free to be used: the largest test (the model's vector cache) needs ~100 MB. */
    static final long ROOM = 2L * 1024 * 1024 * 1024;

    private static final Path ROOT = chooseRoot();

    @Override
    public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context) throws IOException {
        return ROOT == null ? Files.createTempDirectory("junit-") : Files.createTempDirectory(ROOT, "junit-");
    }

    /** {@code /dev/shm/brain-console-tests}, or null when there is none, it cannot be written or it is short of room. */
    static Path chooseRoot() {
        Path shm = Path.of("/dev/shm");
        try {
            if (!Files.isDirectory(shm) || Files.getFileStore(shm).getUsableSpace() < ROOM) {
                return null;
            }
            return Files.createDirectories(shm.resolve("brain-console-tests"));
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return null;
        }
    }
}
