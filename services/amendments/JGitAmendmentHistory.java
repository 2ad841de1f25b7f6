package services.amendments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.lib.AbbreviatedObjectId;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.merge.MergeStrategy;
import org.eclipse.jgit.merge.ResolveMerger;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevSort;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.EmptyTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;
import services.text.PlainText;
import services.audit.Trailers;
import services.text.ReadLimit;
import services.workspace.JGitWritableBranch;
import services.workspace.BranchName;

/**
 * {@link AmendmentHistory} with JGit: reverts are three-way merges computed in-core, moved by compare-and-swap, and
 * only onto a branch of their own (never the checked-out or the default branch: the working tree and index are never
 * touched). Commit ids from the dream log are hex only, never revision expressions.
 */
public final class JGitAmendmentHistory implements AmendmentHistory {


    private final Path dir;
    private final Repository repo;

    /** Fault-injection seam for the race tests: runs after the revert commit is written, before the branch moves. */
    Runnable beforeBranchMoves = () -> { };

    public JGitAmendmentHistory(Path dir) {
        this.dir = dir;
        try {
            repo = new FileRepositoryBuilder().setGitDir(dir.resolve(".git").toFile()).setWorkTree(dir.toFile())
                    .setMustExist(true).build();
        } catch (IOException | IllegalArgumentException e) {
            throw new AmendmentException(dir + " is not a git repository (" + e.getMessage() + ").");
        }
    }

    @Override
    public Optional<CommitInfo> commit(String sha) {
        try (RevWalk walk = new RevWalk(repo)) {
            ObjectId id = objectId(sha);
            return id == null ? Optional.empty() : Optional.of(info(walk, walk.parseCommit(id)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * A commit id from a log line: hex only (never a revision expression such as HEAD or main~1), an abbreviation
     * only when exactly one object has it. Null when there is no such object or more than one.
     */
    private ObjectId objectId(String sha) throws IOException {
        if (sha == null || !sha.matches("[0-9a-fA-F]{4,40}")) {
            return null;
        }
        if (sha.length() == 40) {
            ObjectId id = ObjectId.fromString(sha);
            return repo.getObjectDatabase().has(id) ? id : null;
        }
        try (ObjectReader reader = repo.newObjectReader()) {
            Collection<ObjectId> found = reader.resolve(AbbreviatedObjectId.fromString(sha));
            return found.size() == 1 ? found.iterator().next() : null;
        }
    }

    private CommitInfo info(RevWalk walk, RevCommit c) throws IOException {
        List<String> paths = new ArrayList<>();
        for (DiffEntry d : diff(walk, c)) {
            paths.add(d.getChangeType() == DiffEntry.ChangeType.DELETE ? d.getOldPath() : d.getNewPath());
        }
        return new CommitInfo(c.getName(), c.getFullMessage(), c.getCommitTime(),
                c.getParentCount() == 0 ? null : c.getParent(0).getName(), paths);
    }

    private List<DiffEntry> diff(RevWalk walk, RevCommit c) throws IOException {
        try (TreeWalk tw = new TreeWalk(repo)) {
            tw.setRecursive(true);
            tw.setFilter(TreeFilter.ANY_DIFF); // skip identical subtrees
            if (c.getParentCount() == 0) {
                tw.addTree(new EmptyTreeIterator());
            } else {
                tw.addTree(walk.parseCommit(c.getParent(0)).getTree());
            }
            tw.addTree(c.getTree());
            return DiffEntry.scan(tw);
        }
    }

    @Override
    public Optional<CommitInfo> findByTrailer(String branch, String key, String value) {
        if (value == null || PlainText.problem(value).isPresent()) {
            return Optional.empty();
        }
        return walkBranch(branch, c -> Trailers.values(c.getFullMessage(), key).stream()
                .anyMatch(v -> v.strip().equals(value)));
    }

    @Override
    public boolean isMerge(String sha) {
        try (RevWalk walk = new RevWalk(repo)) {
            ObjectId id = objectId(sha);
            return id != null && walk.parseCommit(id).getParentCount() > 1;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public boolean onBranch(String branch, String sha) {
        if (BranchName.problem(branch).isPresent()) {
            return false;
        }
        try (RevWalk walk = new RevWalk(repo)) {
            Ref ref = repo.exactRef(Constants.R_HEADS + branch);
            ObjectId id = objectId(sha);
            return ref != null && id != null && walk.isMergedInto(walk.parseCommit(id), walk.parseCommit(ref.getObjectId()));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public Optional<CommitInfo> revertOf(String branch, String sha) {
        if (BranchName.problem(branch).isPresent()) {
            return Optional.empty();
        }
        return walkBranch(branch, c -> Trailers.values(c.getFullMessage(), "Reverts").stream()
                .anyMatch(v -> v.strip().equals(sha)) && undoes(c.getName(), sha));
    }

    /**
     * Whether commit {@code revert} is exactly the revert of {@code sha}: one parent, which holds {@code sha}, and
     * the tree that reverting {@code sha} on that parent gives. A {@code Reverts:} trailer alone proves nothing.
     */
    @Override
    public boolean undoes(String revert, String sha) {
        ObjectId revertId;
        ObjectId amendmentId;
        try {
            revertId = objectId(revert);
            amendmentId = objectId(sha);
        } catch (IOException | RuntimeException e) {
            return false;
        }
        if (revertId == null || amendmentId == null) {
            return false;
        }
        return KnownReverts.answer(repo.getDirectory().toPath(), revertId.name(), amendmentId.name(),
                () -> computeUndoes(revertId, amendmentId));
    }

    private boolean computeUndoes(ObjectId revertId, ObjectId amendmentId) {
        try (RevWalk walk = new RevWalk(repo)) {
            RevCommit r = walk.parseCommit(revertId);
            RevCommit a = walk.parseCommit(amendmentId);
            if (r.getParentCount() != 1 || a.getParentCount() != 1) {
                return false;
            }
            RevCommit parent = walk.parseCommit(r.getParent(0));
            if (!walk.isMergedInto(a, parent)) {
                return false;
            }
            walk.reset();
            RevCommit before = walk.parseCommit(a.getParent(0));
            ResolveMerger merger = (ResolveMerger) MergeStrategy.RECURSIVE.newMerger(repo, true);
            merger.setBase(a.getTree());
            return merger.merge(parent, before) && merger.getResultTreeId().equals(r.getTree().getId());
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private Optional<CommitInfo> walkBranch(String branch, Predicate<RevCommit> match) {
        if (BranchName.problem(branch).isPresent()) {
            return Optional.empty();
        }
        try (RevWalk walk = new RevWalk(repo)) {
            Ref ref = repo.exactRef(Constants.R_HEADS + branch);
            if (ref == null) {
                return Optional.empty();
            }
            walk.markStart(walk.parseCommit(ref.getObjectId()));
            int seen = 0;
            for (RevCommit c : walk) {
                if (match.test(c)) {
                    return Optional.of(info(walk, c));
                }
                if (++seen > 5_000) {
                    break;
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new AmendmentException("Cannot read " + branch + " in " + dir + ": " + e.getMessage());
        }
    }

    @Override
    public List<FileChange> changes(String sha) {
        try (RevWalk walk = new RevWalk(repo)) {
            ObjectId id = objectId(sha);
            if (id == null) {
                throw new AmendmentException("No commit " + PlainText.shown(sha) + " in " + dir + ".");
            }
            RevCommit c = walk.parseCommit(id);
            List<FileChange> out = new ArrayList<>();
            for (DiffEntry d : diff(walk, c)) {
                out.add(new FileChange(d.getChangeType() == DiffEntry.ChangeType.DELETE ? d.getOldPath() : d.getNewPath(),
                        text(d.getOldId().toObjectId()), text(d.getNewId().toObjectId())));
            }
            return out;
        } catch (IOException | RuntimeException e) {
            throw new AmendmentException("Cannot read commit " + sha + " in " + dir + ": " + e.getMessage());
        }
    }

    private String text(ObjectId id) throws IOException {
        if (id == null || id.equals(ObjectId.zeroId())) {
            return "";
        }
        ObjectLoader loader = repo.open(id);
        if (ReadLimit.over(loader.getSize())) { // refused by its size: a huge blob is never loaded
            throw new AmendmentException(ReadLimit.tooLarge("blob " + id.abbreviate(12).name() + " in " + dir,
                    loader.getSize()) + "; its change is not shown.");
        }
        return new String(loader.getBytes(), StandardCharsets.UTF_8);
    }

    @Override
    public String revert(String branch, String sha, String message, String author) {
        return revertAll(branch, List.of(new RevertStep(sha, message)), author).get(0);
    }

    @Override
    public List<String> revertAll(String branch, List<RevertStep> steps, String author) {
        Prepared prepared = prepareReverts(branch, steps, author);
        beforeBranchMoves.run();
        move(branch, prepared.oldTip(), prepared.newTip());
        return prepared.commits();
    }

    @Override
    public Prepared prepareReverts(String branch, List<RevertStep> steps, String author) {
        String first = steps.isEmpty() ? "" : steps.get(0).sha();
        JGitWritableBranch.problem(repo, branch).ifPresent(why -> {
            throw new AmendmentException("Cannot revert " + AmendmentsService.abbreviate(first) + " in " + dir + ": "
                    + why + ". Nothing was reverted.");
        });
        String sha = first;
        try (ObjectInserter inserter = repo.newObjectInserter(); ObjectReader reader = inserter.newReader();
             RevWalk walk = new RevWalk(reader)) { // one reader sees the reverts written before the branch moves
            Ref ref = repo.exactRef(Constants.R_HEADS + branch);
            if (ref == null) {
                throw new AmendmentException("Branch " + branch + " does not exist in " + dir + "; nothing was reverted.");
            }
            RevCommit start = walk.parseCommit(ref.getObjectId());
            RevCommit head = start;
            List<String> made = new ArrayList<>();
            for (RevertStep step : steps) {
                sha = step.sha();
                ObjectId id = revertOnto(walk, inserter, start, head, branch, step, author);
                walk.reset();
                head = walk.parseCommit(id);
                made.add(id.name());
            }
            inserter.flush();
            return new Prepared(branch, start.name(), head.name(), made);
        } catch (IOException | IllegalArgumentException e) {
            throw new AmendmentException("Cannot revert " + sha + " on " + branch + " in " + dir + ": " + e.getMessage());
        }
    }

    @Override
    public void export(String sha, Path into) {
        try {
            ObjectId id = objectId(sha);
            if (id == null) {
                throw new AmendmentException("No commit " + PlainText.shown(sha) + " in " + dir + "; nothing to check out.");
            }
            JGitTreeExport.export(repo, id, into);
        } catch (IOException | IllegalArgumentException e) {
            throw new AmendmentException("Cannot check out " + AmendmentsService.abbreviate(sha) + " of " + dir
                    + " into a scratch folder: " + e.getMessage());
        }
    }

    @Override
    public void move(String branch, String from, String to) {
        try {
            RefUpdate update = repo.updateRef(Constants.R_HEADS + branch);
            update.setExpectedOldObjectId(ObjectId.fromString(from));
            update.setNewObjectId(ObjectId.fromString(to));
            update.setRefLogMessage("brain-console: revert", false);
            RefUpdate.Result result = update.forceUpdate();
            if (result != RefUpdate.Result.FAST_FORWARD && result != RefUpdate.Result.FORCED
                    && result != RefUpdate.Result.NO_CHANGE) {
                throw new AmendmentException(branch + " in " + dir + " moved while reverting (" + result + "); "
                        + "nothing was reverted. Try again.");
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new AmendmentException("Cannot move " + branch + " in " + dir + ": " + e.getMessage());
        }
    }

    @Override
    public List<String> newestFirst(String branch, Collection<String> shas) {
        List<String> out = new ArrayList<>();
        try (RevWalk walk = new RevWalk(repo)) {
            Ref ref = repo.exactRef(Constants.R_HEADS + branch);
            if (ref == null) {
                return out;
            }
            walk.sort(RevSort.TOPO);
            walk.markStart(walk.parseCommit(ref.getObjectId()));
            for (RevCommit c : walk) {
                if (shas.contains(c.name())) {
                    out.add(c.name());
                    if (out.size() == shas.size()) {
                        break;
                    }
                }
            }
            return out;
        } catch (IOException e) {
            throw new AmendmentException("Cannot read " + branch + " in " + dir + ": " + e.getMessage());
        }
    }

    /** The revert of one step as a commit on {@code head} (written, the branch not moved); {@code start}: the branch's tip. */
    private ObjectId revertOnto(RevWalk walk, ObjectInserter inserter, RevCommit start, RevCommit head, String branch,
                                RevertStep step, String author) throws IOException {
        String sha = step.sha();
        ObjectId amendmentId = objectId(sha);
        if (amendmentId == null) {
            throw new AmendmentException("No commit " + PlainText.shown(sha) + " in " + dir + "; nothing was reverted.");
        }
        RevCommit amendment = walk.parseCommit(amendmentId);
        if (amendment.getParentCount() == 0) {
            throw new AmendmentException("Commit " + sha + " has no parent; it cannot be reverted.");
        }
        if (amendment.getParentCount() > 1) {
            throw new AmendmentException("Commit " + AmendmentsService.abbreviate(sha) + " is a merge: reverting it "
                    + "would undo everything its other parents brought in. Nothing was reverted.");
        }
        if (!walk.isMergedInto(amendment, walk.parseCommit(start))) {
            throw new AmendmentException("Commit " + AmendmentsService.abbreviate(sha) + " is not on " + branch + " in "
                    + dir + ": reverting it there would undo changes the branch never had. Nothing was reverted.");
        }
        walk.reset();
        RevCommit parent = walk.parseCommit(amendment.getParent(0));
        ResolveMerger merger = (ResolveMerger) MergeStrategy.RECURSIVE.newMerger(inserter, repo.getConfig());
        merger.setBase(amendment.getTree());
        if (!merger.merge(head, parent)) {
            List<String> paths = new ArrayList<>(merger.getUnmergedPaths());
            if (paths.isEmpty() && merger.getFailingPaths() != null) {
                paths.addAll(merger.getFailingPaths().keySet());
            }
            throw new AmendmentException("Reverting " + AmendmentsService.abbreviate(sha) + " conflicts with later changes on "
                    + branch + " in: " + String.join(", ", paths) + ". Nothing was reverted.", paths);
        }
        CommitBuilder commit = new CommitBuilder();
        commit.setTreeId(merger.getResultTreeId());
        commit.setParentId(head);
        commit.setAuthor(new PersonIdent(author, author.replaceAll("[^A-Za-z0-9._-]", ".") + "@brain-console"));
        commit.setCommitter(new PersonIdent("Brain Console", "brain-console@localhost"));
        commit.setMessage(step.message());
        return inserter.insert(commit);
    }

    @Override
    public void close() {
        repo.close();
    }
}
