package services.review;

import java.io.IOException;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevTree;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.PathFilter;
import services.text.FoldedPath;

/**
 * What a target path is in a commit's tree. A proposal changes one file: its target must be a file or not exist
 * yet, and every folder above it must be a folder. Writing a file where a folder is would delete the whole folder;
 * writing below a file would delete the file; a symlink or a submodule on the way leads somewhere else. A name that
 * differs only by case (or Unicode form) from one beside it would be a second name for one file on macOS and Windows.
 */
final class JGitTreeShape {

    private JGitTreeShape() {
    }

    /**
     * Refuses a target that is not a (possibly new) file under folders in {@code tree}, or one of whose parts differs
     * only by case or Unicode form from a name beside it (one file on macOS and Windows); names it and the reason.
     */
    static void requireFile(Repository repo, RevTree tree, String path, String where) throws IOException {
        String[] parts = path.split("/");
        StringBuilder prefix = new StringBuilder();
        ObjectId folder = tree;
        try (ObjectReader reader = repo.newObjectReader()) {
            for (int i = 0; i < parts.length; i++) {
                prefix.append(i == 0 ? "" : "/").append(parts[i]);
                boolean last = i == parts.length - 1;
                String target = "target \"" + path + "\" ";
                FileMode mode = null;
                ObjectId id = null;
                for (CanonicalTreeParser entries = new CanonicalTreeParser(null, reader, folder); !entries.eof();
                     entries.next(1)) {
                    String name = entries.getEntryPathString();
                    if (name.equals(parts[i])) {
                        mode = entries.getEntryFileMode();
                        id = entries.getEntryObjectId();
                    } else if (FoldedPath.collide(parts[i], name)) {
                        String beside = (i == 0 ? "" : prefix.substring(0, prefix.length() - parts[i].length())) + name;
                        throw new ReviewException(target + (last ? "" : "has the folder " + prefix + ", which ")
                                + FoldedPath.difference(parts[i], name) + " from " + beside + (entries.getEntryFileMode()
                                == FileMode.TREE ? " (a folder)" : "") + " " + where + ": they are one "
                                + (last ? "file" : "folder") + " on macOS and Windows. Refused; nothing was written.");
                    }
                }
                if (mode == null) {
                    return; // from here on, everything is new
                }
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
                folder = id;
            }
        }
    }

    private static String files(Repository repo, RevTree tree, String folder) throws IOException {
        int count = 0;
        try (TreeWalk tw = new TreeWalk(repo)) {
            tw.addTree(tree);
            tw.setRecursive(true);
            tw.setFilter(PathFilter.create(folder));
            while (tw.next()) {
                count++;
            }
        }
        return count + (count == 1 ? " file" : " files");
    }
}
