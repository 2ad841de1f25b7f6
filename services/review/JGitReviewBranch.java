package services.review;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheBuilder;
import org.eclipse.jgit.dircache.DirCacheEditor;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.LargeObjectException;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.ObjectStream;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.EmptyTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;
import services.workspace.BranchName;
import services.workspace.JGitWritableBranch;

/** {@link ReviewBranch} on a local git repository with JGit, commits built in-core. */
public final class JGitReviewBranch implements ReviewBranch {

    private final Path dir;
    private final String branch;
    private final Repository repo;
    /** A read-only view at one commit ({@link #at}); {@code ObjectId.zeroId()} is the empty tree. */
    private final ObjectId pinned;

    public JGitReviewBranch(Path dir, String branch) {
        this.dir = dir;
        this.branch = branch;
        this.pinned = null;
        BranchName.problem(branch).ifPresent(why -> {
            throw new ReviewException("Review branch in " + dir + ": " + why + ". Nothing was read or written.");
        });
        try {
            FileRepositoryBuilder builder = new FileRepositoryBuilder().setWorkTree(dir.toFile()).readEnvironment();
            builder.setMustExist(true);
            this.repo = builder.setGitDir(dir.resolve(".git").toFile()).build();
            if (!repo.getObjectDatabase().exists()) {
                throw new ReviewException(dir + " is not a git repository.");
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new ReviewException(dir + " is not a git repository (" + e.getMessage() + ").", e);
        }
    }

    private JGitReviewBranch(JGitReviewBranch of, ObjectId pinned) {
        this.dir = of.dir;
        this.branch = of.branch;
        this.repo = of.repo;
        this.pinned = pinned;
    }

    @Override
    public ReviewBranch at(String sha) {
        if (sha == null) {
            return new JGitReviewBranch(this, ObjectId.zeroId());
        }
        try {
            return new JGitReviewBranch(this, repo.parseCommit(ObjectId.fromString(sha)).getId());
        } catch (IOException | IllegalArgumentException e) {
            throw new ReviewException("No commit " + sha + " in " + dir + ".", e);
        }
    }

    @Override
    public Optional<CommitFacts> facts(String sha) {
        try (RevWalk walk = new RevWalk(repo)) {
            RevCommit c = walk.parseCommit(ObjectId.fromString(sha));
            String parent = c.getParentCount() == 0 ? null : c.getParent(0).getName();
            List<String> paths = new ArrayList<>();
            try (TreeWalk tw = new TreeWalk(repo)) {
                tw.setRecursive(true);
                tw.setFilter(TreeFilter.ANY_DIFF);
                if (parent == null) {
                    tw.addTree(new EmptyTreeIterator());
                } else {
                    tw.addTree(walk.parseCommit(c.getParent(0)).getTree());
                }
                tw.addTree(c.getTree());
                while (tw.next()) {
                    paths.add(tw.getPathString());
                }
            }
            return Optional.of(new CommitFacts(c.getName(), parent, c.getCommitterIdent().getEmailAddress(), paths));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public Optional<String> unwritable() {
        return JGitWritableBranch.problem(repo, branch);
    }

    @Override
    public String branch() {
        return branch;
    }

    @Override
    public String tip() {
        ObjectId id = tipId();
        return id == null ? null : id.name();
    }

    private ObjectId tipId() {
        if (pinned != null) {
            return pinned.equals(ObjectId.zeroId()) ? null : pinned;
        }
        try {
            Ref review = repo.exactRef(Constants.R_HEADS + branch);
            if (review != null) {
                return review.getObjectId();
            }
            return defaultBranchTip();
        } catch (IOException e) {
            throw new ReviewException("Cannot read branches of " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The branch HEAD names (its default branch), else main or master. */
    private ObjectId defaultBranchTip() throws IOException {
        Ref head = repo.exactRef(Constants.HEAD);
        if (head != null && head.isSymbolic() && head.getTarget().getObjectId() != null
                && !head.getTarget().getName().equals(Constants.R_HEADS + branch)) {
            return head.getTarget().getObjectId();
        }
        for (String name : List.of("main", "master")) {
            Ref ref = repo.exactRef(Constants.R_HEADS + name);
            if (ref != null) {
                return ref.getObjectId();
            }
        }
        return head == null ? null : head.getObjectId();
    }

    @Override
    public Optional<Blob> read(String path) {
        ObjectId tip = tipId();
        if (tip == null) {
            return Optional.empty();
        }
        try (RevWalk walk = new RevWalk(repo)) {
            RevCommit commit = walk.parseCommit(tip);
            JGitTreeShape.requireFile(repo, commit.getTree(), path, where());
            try (TreeWalk tw = TreeWalk.forPath(repo, path, commit.getTree())) {
                if (tw == null || tw.getFileMode(0) == FileMode.TREE) {
                    return Optional.empty();
                }
                ObjectId id = tw.getObjectId(0);
                return Optional.of(new Blob(path, bounded(id, path + " " + where()), id.name()));
            }
        } catch (IOException | LargeObjectException e) {
            throw new ReviewException("Cannot read " + path + " in " + dir + ": " + e.getMessage(), e);
        }
    }

    private String where() {
        return "on " + (pinned != null ? "commit " + pinned.abbreviate(10).name() + " of " : "") + branch + " in " + dir;
    }

    @Override
    public Optional<byte[]> blob(String blobId) {
        ObjectId id;
        try {
            id = ObjectId.fromString(blobId);
            if (!repo.getObjectDatabase().has(id)) {
                return Optional.empty();
            }
        } catch (IllegalArgumentException | IOException e) {
            return Optional.empty();
        }
        try {
            return Optional.of(bounded(id, "blob " + id.abbreviate(12).name() + " in " + dir));
        } catch (IncorrectObjectTypeException e) {
            return Optional.empty(); // a commit or a tree by that id: no blob
        } catch (IOException | LargeObjectException e) {
            throw new ReviewException("Cannot read blob " + id.abbreviate(12).name() + " in " + dir + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * The bytes of a blob, refused without being read when larger than {@link ReviewBranch#MAX_BLOB_BYTES}: the size
     * is the object's header, known before any byte is inflated.
     */
    private byte[] bounded(ObjectId id, String what) throws IOException {
        ObjectLoader loader = repo.open(id, Constants.OBJ_BLOB);
        long size = loader.getSize();
        if (size > MAX_BLOB_BYTES || loader.isLarge() && size > Integer.MAX_VALUE - 8) {
            throw new TooLarge(what, size);
        }
        try (ObjectStream in = loader.openStream()) {
            byte[] bytes = in.readNBytes((int) Math.min(MAX_BLOB_BYTES + 1, size + 1));
            if (bytes.length > MAX_BLOB_BYTES) {
                throw new TooLarge(what, bytes.length);
            }
            return bytes;
        }
    }

    @Override
    public Commit commit(String path, byte[] content, String message, String author, String expectedTip) {
        if (pinned != null) {
            throw new IllegalStateException("a view at one commit is read-only");
        }
        JGitWritableBranch.problem(repo, branch).ifPresent(why -> {
            throw new ReviewException("Cannot commit " + path + " in " + dir + ": " + why + ". Nothing was written.");
        });
        try (ObjectInserter inserter = repo.newObjectInserter(); ObjectReader reader = repo.newObjectReader();
             RevWalk walk = new RevWalk(reader)) {
            ObjectId parentId = expectedTip == null ? null : ObjectId.fromString(expectedTip);
            DirCache index = DirCache.newInCore();
            DirCacheBuilder builder = index.builder();
            FileMode mode = FileMode.REGULAR_FILE;
            if (parentId != null) {
                RevCommit parent = walk.parseCommit(parentId);
                JGitTreeShape.requireFile(repo, parent.getTree(), path, where());
                builder.addTree(new byte[0], DirCacheEntry.STAGE_0, reader, parent.getTree());
            }
            builder.finish();
            DirCacheEntry existing = index.getEntry(path);
            if (existing != null && existing.getFileMode() == FileMode.EXECUTABLE_FILE) {
                mode = FileMode.EXECUTABLE_FILE;
            }
            DirCacheEditor editor = index.editor();
            if (content == null) {
                editor.add(new DirCacheEditor.DeletePath(path));
            } else {
                ObjectId blob = inserter.insert(Constants.OBJ_BLOB, content);
                FileMode fileMode = mode;
                editor.add(new DirCacheEditor.PathEdit(path) {
                    @Override
                    public void apply(DirCacheEntry entry) {
                        entry.setFileMode(fileMode);
                        entry.setObjectId(blob);
                    }
                });
            }
            editor.finish();
            CommitBuilder commit = new CommitBuilder();
            commit.setTreeId(index.writeTree(inserter));
            if (parentId != null) {
                commit.setParentId(parentId);
            }
            PersonIdent who = new PersonIdent(author, author.replaceAll("[^A-Za-z0-9._-]", ".") + "@brain-console");
            commit.setAuthor(who);
            commit.setCommitter(new PersonIdent("Brain Console", "brain-console@localhost"));
            commit.setMessage(message);
            ObjectId commitId = inserter.insert(commit);
            inserter.flush();
            moveBranch(commitId, message);
            return new Commit(commitId.name(), branch);
        } catch (IOException | IllegalArgumentException e) {
            throw new ReviewException("Cannot commit " + path + " to " + branch + " in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Compare-and-swap: the branch must still be where it was when we read it (or still missing). */
    private void moveBranch(ObjectId commitId, String message) throws IOException {
        Ref current = repo.exactRef(Constants.R_HEADS + branch);
        RefUpdate update = repo.updateRef(Constants.R_HEADS + branch);
        ObjectId parent = repo.parseCommit(commitId).getParentCount() == 0 ? null
                : repo.parseCommit(commitId).getParent(0).getId();
        update.setExpectedOldObjectId(current == null ? ObjectId.zeroId() : parent);
        update.setNewObjectId(commitId);
        update.setRefLogMessage("brain-console: " + message.lines().findFirst().orElse(""), false);
        RefUpdate.Result result = update.update();
        switch (result) {
            case NEW, FAST_FORWARD, FORCED -> {
            }
            case LOCK_FAILURE, REJECTED -> throw new ConcurrentUpdateException("The branch " + branch + " in " + dir
                    + " moved while this change was being committed; nothing was written. Try again.");
            default -> throw new ReviewException("Could not move " + branch + " in " + dir + ": " + result);
        }
    }

    @Override
    public List<LogEntry> log(int max) {
        List<LogEntry> out = new ArrayList<>();
        try {
            Ref ref = repo.exactRef(Constants.R_HEADS + branch);
            if (ref == null) {
                return out;
            }
            try (RevWalk walk = new RevWalk(repo)) {
                walk.markStart(walk.parseCommit(ref.getObjectId()));
                for (RevCommit c : walk) {
                    out.add(new LogEntry(c.getName(), c.getFullMessage()));
                    if (out.size() == max) {
                        break;
                    }
                }
            }
            return out;
        } catch (IOException e) {
            throw new ReviewException("Cannot read the history of " + branch + " in " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (pinned == null) {
            repo.close();
        }
    }
}
