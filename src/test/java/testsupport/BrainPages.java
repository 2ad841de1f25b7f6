package testsupport;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * The real Brain pages copied from joelhooks/joelclaw (46c21139) into {@code src/test/resources/brain/joelclaw/.brain}
 * — a decide-* page, a resources/decisions page, private and secret-adjacent pages, pages with parent and blocker
 * links (relative paths and a title) — and one page built from the component library's real component names.
 */
public final class BrainPages {

    private BrainPages() {
    }

    /** Copies the repository {@code joelclaw} (holding {@code .brain}) into {@code parent}; returns it. */
    public static Path copyRepo(Path parent) throws IOException {
        return copyRepo(parent, "/brain/joelclaw");
    }

    /**
     * Copies the repository {@code joelclaw} of a resource folder ({@code /brain/joelclaw}, or
     * {@code /brain-shapes/joelclaw}: more real pages of other shapes) into {@code parent}; returns it.
     */
    public static Path copyRepo(Path parent, String resource) throws IOException {
        Path from;
        try {
            from = Path.of(BrainPages.class.getResource(resource + "/.brain").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        Path to = parent.resolve("joelclaw");
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return to;
    }
}
