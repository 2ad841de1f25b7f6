package testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import services.demo.DemoWorkspace;

/**
 * The demo workspace written once per test JVM, into a temporary folder, and copied file by file where a test wants
 * one: the copy holds the same bytes, modes and links as a fresh write, in a tenth of the time (writing it builds two
 * git repositories commit by commit). The demo's {@code workspace.json} holds relative paths, so a copy works where
 * it lands. A folder that is not new or empty gets the writer itself, which replaces an earlier demo or refuses.
 */
final class DemoTemplate {

    private final Supplier<DemoWorkspace> writer;
    private Path written;

    DemoTemplate(Supplier<DemoWorkspace> writer) {
        this.writer = writer;
    }

    synchronized Path copyTo(Path target) {
        Path dir = target.toAbsolutePath().normalize();
        if (!newOrEmpty(dir)) {
            return writer.get().write(dir).dir();
        }
        try {
            copy(template(), dir);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot copy the demo workspace to " + dir, e);
        }
        return dir;
    }

    private Path template() throws IOException {
        if (written == null) {
            Path parent = Files.createTempDirectory("brain-console-demo-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(parent)));
            written = writer.get().write(parent.resolve("demo")).dir();
        }
        return written;
    }

    private static boolean newOrEmpty(Path dir) {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return true;
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        List<Path> all;
        try (Stream<Path> walk = Files.walk(from)) {
            all = walk.toList();
        }
        for (Path source : all) {
            Path copy = to.resolve(from.relativize(source).toString());
            if (Files.isSymbolicLink(source)) {
                Files.createSymbolicLink(copy, Files.readSymbolicLink(source));
            } else if (Files.isDirectory(source, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(copy);
            } else {
                Files.copy(source, copy, LinkOption.NOFOLLOW_LINKS);
            }
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temporary folder: the system cleans it up eventually
        }
    }
}
