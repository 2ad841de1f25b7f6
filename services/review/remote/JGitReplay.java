package services.review.remote;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheBuilder;
import org.eclipse.jgit.dircache.DirCacheEditor;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevSort;
import org.eclipse.jgit.revwalk.RevTree;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.PathFilter;
import org.eclipse.jgit.treewalk.filter.TreeFilter;
import services.review.ReviewBranch;

/**
 * Moves the local review branch's own commits onto the remote's tip when both moved (a push that lost the race):
 * each commit is replayed in-core, with its message, trailers and author, only where the paths it changes are on
 * the remote's tip exactly as on its parent — the decision then means the same there. Nothing is merged by guess.
 */
final class JGitReplay {

    static final String SET_ASIDE = "refs/brain-console/set-aside/";

    private final Repository repo;
    private final Path dir;
    private final String branch;
    private final String remote;

    JGitReplay(Repository repo, Path dir, String branch, String remote) {
        this.repo = repo;
        this.dir = dir;
        this.branch = branch;
        this.remote = remote;
    }

    ReviewRemote.Rebased onto(ReviewRemote.Position p, BiPredicate<ReviewRemote.CommitInfo, ReviewRemote.CommitInfo> same)
            throws IOException {
        ObjectId localTip = ObjectId.fromString(p.localTip());
        ObjectId remoteTip = ObjectId.fromString(p.remoteTip());
        try (ObjectReader reader = repo.newObjectReader(); RevWalk walk = new RevWalk(reader);
             ObjectInserter inserter = repo.newObjectInserter()) {
            List<RevCommit> ours = new ArrayList<>();
            walk.sort(RevSort.TOPO);
            walk.sort(RevSort.REVERSE, true);
            walk.markStart(walk.parseCommit(localTip));
            walk.markUninteresting(walk.parseCommit(remoteTip));
            for (RevCommit c : walk) {
                ours.add(c);
            }
            walk.reset();
            RevCommit tip = walk.parseCommit(remoteTip);
            List<ReviewRemote.Clash> setAside = new ArrayList<>();
            Map<String, String> replaced = new LinkedHashMap<>();
            for (RevCommit c : ours) {
                if (c.getParentCount() != 1) {
                    return stuck(setAside, new ReviewRemote.Clash(c.getName(), remoteTip.name(), "(a merge commit)"));
                }
                RevCommit parent = walk.parseCommit(c.getParent(0));
                List<String> paths = changed(reader, parent.getTree(), c.getTree());
                String clashing = null;
                for (String path : paths) {
                    if (!same(blob(reader, tip.getTree(), path), blob(reader, parent.getTree(), path))) {
                        clashing = path;
                        break;
                    }
                }
                if (clashing != null) {
                    RevCommit theirs = lastChange(walk, remoteTip, localTip, clashing);
                    ReviewRemote.Clash clash = new ReviewRemote.Clash(c.getName(),
                            theirs == null ? remoteTip.name() : theirs.getName(), clashing);
                    if (theirs != null && same.test(JGitReviewRemote.info(c), JGitReviewRemote.info(theirs))) {
                        setAside.add(clash);
                        continue;
                    }
                    return stuck(setAside, clash);
                }
                tip = walk.parseCommit(replay(reader, inserter, tip, c, paths));
                replaced.put(c.getName(), tip.getName());
            }
            inserter.flush();
            for (ReviewRemote.Clash clash : setAside) {
                RefUpdate keep = repo.updateRef(SET_ASIDE + clash.ours());
                keep.setNewObjectId(ObjectId.fromString(clash.ours()));
                keep.setRefLogMessage("brain-console: decided on " + remote + " first", false);
                keep.update();
            }
            RefUpdate u = repo.updateRef(Constants.R_HEADS + branch);
            u.setExpectedOldObjectId(localTip);
            u.setNewObjectId(tip);
            u.setForceUpdate(true);
            u.setRefLogMessage("brain-console: moved " + replaced.size() + " decision(s) onto " + remote + "/" + branch, false);
            RefUpdate.Result r = u.update();
            if (r == RefUpdate.Result.LOCK_FAILURE || r == RefUpdate.Result.REJECTED) {
                throw new ReviewBranch.ConcurrentUpdateException("The branch " + branch + " in " + dir + " moved while "
                        + "its decisions were being moved onto " + remote + "; nothing was changed. Try again.");
            }
            return new ReviewRemote.Rebased(replaced, setAside, null);
        }
    }

    private static ReviewRemote.Rebased stuck(List<ReviewRemote.Clash> setAside, ReviewRemote.Clash clash) {
        return new ReviewRemote.Rebased(Map.of(), List.of(), clash);
    }

    private static boolean same(ObjectId a, ObjectId b) {
        return a == null ? b == null : a.equals(b);
    }

    private ObjectId blob(ObjectReader reader, RevTree tree, String path) throws IOException {
        try (TreeWalk tw = TreeWalk.forPath(reader, path, tree)) {
            return tw == null ? null : tw.getObjectId(0);
        }
    }

    private static List<String> changed(ObjectReader reader, RevTree from, RevTree to) throws IOException {
        List<String> paths = new ArrayList<>();
        try (TreeWalk tw = new TreeWalk(reader)) {
            tw.setRecursive(true);
            tw.setFilter(TreeFilter.ANY_DIFF);
            tw.reset(from, to);
            while (tw.next()) {
                paths.add(tw.getPathString());
            }
        }
        return paths;
    }

    /** The remote's newest commit (not ours) that changed {@code path}. */
    private static RevCommit lastChange(RevWalk walk, ObjectId remoteTip, ObjectId localTip, String path) throws IOException {
        walk.reset();
        walk.sort(RevSort.NONE);
        walk.setTreeFilter(AndTreeFilter.create(PathFilter.create(path), TreeFilter.ANY_DIFF));
        walk.markStart(walk.parseCommit(remoteTip));
        walk.markUninteresting(walk.parseCommit(localTip));
        RevCommit found = walk.next();
        walk.reset();
        walk.setTreeFilter(TreeFilter.ALL);
        return found;
    }

    private ObjectId replay(ObjectReader reader, ObjectInserter inserter, RevCommit onto, RevCommit c, List<String> paths)
            throws IOException {
        DirCache index = DirCache.newInCore();
        DirCacheBuilder builder = index.builder();
        builder.addTree(new byte[0], DirCacheEntry.STAGE_0, reader, onto.getTree());
        builder.finish();
        DirCacheEditor editor = index.editor();
        for (String path : paths) {
            try (TreeWalk tw = TreeWalk.forPath(reader, path, c.getTree())) {
                if (tw == null) {
                    editor.add(new DirCacheEditor.DeletePath(path));
                } else {
                    ObjectId id = tw.getObjectId(0);
                    FileMode mode = tw.getFileMode(0);
                    editor.add(new DirCacheEditor.PathEdit(path) {
                        @Override
                        public void apply(DirCacheEntry entry) {
                            entry.setFileMode(mode);
                            entry.setObjectId(id);
                        }
                    });
                }
            }
        }
        editor.finish();
        CommitBuilder commit = new CommitBuilder();
        commit.setTreeId(index.writeTree(inserter));
        commit.setParentId(onto);
        commit.setAuthor(c.getAuthorIdent());
        commit.setCommitter(new PersonIdent(c.getCommitterIdent(), Instant.now()));
        commit.setMessage(c.getFullMessage());
        return inserter.insert(commit);
    }
}
