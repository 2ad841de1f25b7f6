package services.amendments;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * Writes one commit's tree into a folder of its own (a scratch checkout for a check): read from the object database,
 * never through a working tree, an index or {@code git worktree}. Regular and executable files only — a symbolic
 * link or a submodule is left out, so nothing written can point outside the folder — and a path that would leave the
 * folder or name {@code .git} is refused.
 */
final class JGitTreeExport {

    private static final Set<PosixFilePermission> EXECUTABLE = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    private JGitTreeExport() {
    }

    static void export(Repository repo, ObjectId commitId, Path into) throws IOException {
        Path root = into.toAbsolutePath().normalize();
        Files.createDirectories(root);
        try (RevWalk walk = new RevWalk(repo); TreeWalk tree = new TreeWalk(repo)) {
            RevCommit commit = walk.parseCommit(commitId);
            tree.addTree(commit.getTree());
            tree.setRecursive(true);
            while (tree.next()) {
                FileMode mode = tree.getFileMode(0);
                if (mode != FileMode.REGULAR_FILE && mode != FileMode.EXECUTABLE_FILE) {
                    continue;
                }
                String path = tree.getPathString();
                Path file = root.resolve(path).normalize();
                if (!file.startsWith(root) || file.equals(root) || isGit(path)) {
                    throw new IOException("the tree of " + commit.abbreviate(10).name() + " holds a path that cannot be "
                            + "written safely: " + path);
                }
                Files.createDirectories(file.getParent());
                if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                    throw new IOException("the tree of " + commit.abbreviate(10).name() + " names " + path + " twice");
                }
                ObjectLoader loader = repo.open(tree.getObjectId(0));
                try (OutputStream out = Files.newOutputStream(file)) {
                    loader.copyTo(out);
                }
                if (mode == FileMode.EXECUTABLE_FILE) {
                    try {
                        Files.setPosixFilePermissions(file, EXECUTABLE);
                    } catch (UnsupportedOperationException noPosix) {
                        file.toFile().setExecutable(true, true);
                    }
                }
            }
        }
    }

    private static boolean isGit(String path) {
        for (String part : path.split("/")) {
            if (part.equalsIgnoreCase(".git")) {
                return true;
            }
        }
        return false;
    }
}
