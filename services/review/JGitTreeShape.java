package services.review;

import java.io.IOException;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevTree;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * What a target path is in a commit's tree. A proposal changes one file: its target must be a file or not exist
 * yet, and every folder above it must be a folder. Writing a file where a folder is would delete the whole folder;
 * writing below a file would delete the file; a symlink or a submodule on the way leads somewhere else.
 */
final class JGitTreeShape {

    private JGitTreeShape() {
    }

    /** Refuses a target that is not a (possibly new) file under folders in {@code tree}; names it and the reason. */
    static void requireFile(Repository repo, RevTree tree, String path, String where) throws IOException {
        String[] parts = path.split("/");
        StringBuilder prefix = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            prefix.append(i == 0 ? "" : "/").append(parts[i]);
            boolean last = i == parts.length - 1;
            try (TreeWalk tw = TreeWalk.forPath(repo, prefix.toString(), tree)) {
                if (tw == null) {
                    return; // from here on, everything is new
                }
                FileMode mode = tw.getFileMode(0);
                String target = "target \"" + path + "\" ";
                if (mode == FileMode.SYMLINK) {
                    throw new ReviewException(target + "goes through the symlink " + prefix + " committed " + where
                            + "; refused. Nothing was written.");
                }
                if (mode == FileMode.GITLINK) {
                    throw new ReviewException(target + (last ? "is" : "is inside") + " the submodule " + prefix + " "
                            + where + "; refused. Nothing was written.");
                }
                if (last && mode == FileMode.TREE) {
                    throw new ReviewException(target + "is a folder " + where + " (" + files(repo, tree, path)
                            + "), not a file: writing it would replace the whole folder. A target must be a file path. "
                            + "Nothing was written.");
                }
                if (!last && mode != FileMode.TREE) {
                    throw new ReviewException(target + "lies below " + prefix + ", which is a file " + where
                            + ", not a folder: writing it would delete that file. Nothing was written.");
                }
            }
        }
    }

    private static String files(Repository repo, RevTree tree, String folder) throws IOException {
        int count = 0;
        try (TreeWalk tw = new TreeWalk(repo)) {
            tw.addTree(tree);
            tw.setRecursive(true);
            tw.setFilter(org.eclipse.jgit.treewalk.filter.PathFilter.create(folder));
            while (tw.next()) {
                count++;
            }
        }
        return count + (count == 1 ? " file" : " files");
    }
}
