package services.sync;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import services.workspace.BrainSettings;

/**
 * Lists the Brain pages of the workspace's {@code brain} folders: every {@code *.svx} file under each {@code .brain}
 * folder (not in {@code .git} or {@code node_modules}), in path order. A page's source key is
 * {@code brain:<folder name>/.brain/<path>}; its id {@code brain:<folder name>/<path without .svx>}.
 */
final class BrainFiles {

    static final String PREFIX = "brain:";
    static final String MARK = "/.brain/";

    private BrainFiles() {
    }

    static void list(BrainSettings brain, List<VaultFiles.SourceFile> out) {
        Set<Path> seen = new HashSet<>();
        for (BrainSettings.Root root : brain.roots()) {
            Path dir = root.brainDir().toAbsolutePath().normalize();
            if (!seen.add(dir) || !Files.isDirectory(dir)) {
                continue;
            }
            List<Path> pages = new ArrayList<>();
            try {
                Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                        String name = d.getFileName() == null ? "" : d.getFileName().toString();
                        return !d.equals(dir) && (name.equals(".git") || name.equals("node_modules"))
                                ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
                        if (f.getFileName().toString().endsWith(".svx") && !attrs.isDirectory()) {
                            pages.add(f);
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path f, IOException e) {
                        return FileVisitResult.CONTINUE; // an unreadable folder: its pages are not listed
                    }
                });
            } catch (IOException e) {
                continue;
            }
            List<String> rels = new ArrayList<>();
            for (Path p : pages) {
                rels.add(dir.relativize(p).toString().replace('\\', '/'));
            }
            rels.sort(null);
            for (String rel : rels) {
                out.add(new VaultFiles.SourceFile(VaultFiles.Kind.BRAIN_PAGE, dir.resolve(rel),
                        PREFIX + root.name() + MARK + rel, root.name() + MARK.substring(0, MARK.length() - 1) + "/"
                        + rel));
            }
        }
    }

    /** The folder name of a Brain page's source key. */
    static String folder(String source) {
        return source.substring(PREFIX.length(), source.indexOf(MARK));
    }

    /** The path inside {@code .brain} of a Brain page's source key. */
    static String inside(String source) {
        return source.substring(source.indexOf(MARK) + MARK.length());
    }

    static boolean isPage(String source) {
        return source.startsWith(PREFIX) && source.contains(MARK);
    }
}
