package services.review.remote;

import java.io.IOException;
import java.net.SocketException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.errors.NoRemoteRepositoryException;
import org.eclipse.jgit.errors.NotSupportedException;
import org.eclipse.jgit.errors.TransportException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.NullProgressMonitor;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.transport.FetchConnection;
import org.eclipse.jgit.transport.PackLock;
import org.eclipse.jgit.transport.PushResult;
import org.eclipse.jgit.transport.RemoteConfig;
import org.eclipse.jgit.transport.RemoteRefUpdate;
import org.eclipse.jgit.transport.Transport;
import org.eclipse.jgit.transport.URIish;
import services.review.ReviewBranch;
import services.review.ReviewException;

/**
 * {@link ReviewRemote} with JGit. The remote-tracking ref {@code refs/remotes/<remote>/<branch>} is what was last
 * seen of the remote; a push sends it as the expected old value, so the remote refuses (and nothing is forced) when
 * its branch moved meanwhile. The tracking ref follows a push only after the remote said yes.
 */
public final class JGitReviewRemote implements ReviewRemote {

    /** Seconds a connection may stay silent before it counts as cut. */
    static final int TIMEOUT_SECONDS = 30;

    private final Path dir;
    private final String remote;
    private final String branch;
    private final Repository repo;
    private final JGitSshCredentials credentials;
    /** Fault-injection seam for the crash tests: told "pushing", "pushed" (remote said yes, tracking not moved yet). */
    private final Consumer<String> steps;

    /** Opens the repository at {@code dir}; {@link ReviewException} when it has no remote named {@code remote}. */
    public JGitReviewRemote(Path dir, String remote, String branch, JGitSshCredentials credentials, Consumer<String> steps) {
        this.dir = dir;
        this.remote = remote;
        this.branch = branch;
        this.credentials = credentials;
        this.steps = steps;
        try {
            this.repo = new FileRepositoryBuilder().setWorkTree(dir.toFile()).setGitDir(dir.resolve(".git").toFile())
                    .setMustExist(true).build();
        } catch (IOException | IllegalArgumentException e) {
            throw new ReviewException(dir + " is not a git repository (" + e.getMessage() + ").", e);
        }
        if (!hasRemote(repo, remote)) {
            repo.close();
            throw new NoSuchRemote(dir + " has no git remote named '" + remote + "' (workspace key 'reviewRemote'): "
                    + "its review branch stays on this machine.");
        }
    }

    /** The repository has no remote of the workspace's name: it is not shared, which is not an error. */
    public static final class NoSuchRemote extends ReviewException {
        NoSuchRemote(String message) {
            super(message);
        }
    }

    private static boolean hasRemote(Repository repo, String name) {
        try {
            return !new RemoteConfig(repo.getConfig(), name).getURIs().isEmpty();
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private String local() {
        return Constants.R_HEADS + branch;
    }

    private String tracking() {
        return Constants.R_REMOTES + remote + "/" + branch;
    }

    @Override
    public String describe() {
        String url;
        try {
            List<URIish> uris = new RemoteConfig(repo.getConfig(), remote).getURIs();
            url = uris.isEmpty() ? "?" : uris.get(0).toString();
        } catch (URISyntaxException e) {
            url = "?";
        }
        return dir + " → " + remote + " (" + RemoteText.redacted(url) + ")";
    }

    @Override
    public Position position() {
        try (RevWalk walk = new RevWalk(repo)) {
            ObjectId l = id(local());
            ObjectId r = id(tracking());
            List<ObjectId> known = new ArrayList<>();
            for (Ref seen : repo.getRefDatabase().getRefsByPrefix(Constants.R_REMOTES + remote + "/")) {
                if (seen.getObjectId() != null && !seen.isSymbolic()) {
                    known.add(seen.getObjectId());
                }
            }
            return new Position(l == null ? null : l.name(), r == null ? null : r.name(), count(walk, l, known),
                    count(walk, r, l == null ? List.of() : List.of(l)));
        } catch (IOException e) {
            throw new ReviewException("Cannot read the branches of " + dir + ": " + e.getMessage(), e);
        }
    }

    private ObjectId id(String ref) throws IOException {
        Ref found = repo.exactRef(ref);
        return found == null ? null : found.getObjectId();
    }

    /**
     * Commits reachable from {@code from} and from none of {@code not} (for the local branch: every ref of the remote
     * as last fetched, so the history it started from on the default branch does not count as waiting).
     */
    private static int count(RevWalk walk, ObjectId from, List<ObjectId> not) throws IOException {
        if (from == null) {
            return 0;
        }
        walk.reset();
        walk.markStart(walk.parseCommit(from));
        for (ObjectId n : not) {
            try {
                walk.markUninteresting(walk.parseCommit(n));
            } catch (MissingObjectException gone) {
                // a tracking ref whose objects were pruned: it says nothing about what the remote has
            }
        }
        int n = 0;
        while (walk.next() != null) {
            n++;
        }
        return n;
    }

    @Override
    public Position fetch() {
        try (Transport t = open(); FetchConnection conn = t.openFetch()) {
            Ref theirs = conn.getRef(local());
            if (theirs == null) {
                move(tracking(), null, "brain-console: the remote has no " + branch);
                return position();
            }
            if (!repo.getObjectDatabase().has(theirs.getObjectId())) {
                conn.fetch(NullProgressMonitor.INSTANCE, List.of(theirs), Set.of());
                for (PackLock lock : conn.getPackLocks()) {
                    lock.unlock();
                }
            }
            repo.parseCommit(theirs.getObjectId()); // all there: a cut transfer leaves the tracking ref as it was
            move(tracking(), theirs.getObjectId(), "brain-console: fetched " + branch);
            return position();
        } catch (IOException e) {
            throw failure("fetch from", e);
        }
    }

    private Transport open() throws IOException {
        try {
            Transport t = Transport.open(repo, remote);
            t.setTimeout(TIMEOUT_SECONDS);
            credentials.configure(t);
            return t;
        } catch (NotSupportedException | URISyntaxException e) {
            throw new RemoteRefused("The address of remote '" + remote + "' in " + dir + " is not one git can use: "
                    + RemoteText.redacted(e.getMessage()));
        }
    }

    /** A transport failure as the user should read it: refused (they must act) or unreachable (it will retry). */
    private ReviewException failure(String verb, IOException e) {
        String why = RemoteText.redacted(JGitSshCredentials.explain(e));
        if (JGitSshCredentials.isAuthFailure(e) || e instanceof NoRemoteRepositoryException) {
            return new RemoteRefused("Could not " + verb + " " + describe() + ": " + why, e);
        }
        if (e instanceof TransportException || e instanceof SocketException) {
            return new RemoteUnreachable("Could not " + verb + " " + describe() + ": " + why, e);
        }
        return new ReviewException("Could not " + verb + " " + describe() + ": " + why, e);
    }

    /** Moves (or with null deletes) a ref of this repository; never HEAD, the index or the working tree. */
    private void move(String ref, ObjectId to, String why) throws IOException {
        RefUpdate u = repo.updateRef(ref);
        u.setForceUpdate(true);
        u.setRefLogMessage(why, false);
        if (to == null) {
            if (repo.exactRef(ref) != null) {
                u.delete();
            }
            return;
        }
        u.setNewObjectId(to);
        RefUpdate.Result r = u.update();
        if (r != RefUpdate.Result.NEW && r != RefUpdate.Result.FORCED && r != RefUpdate.Result.FAST_FORWARD
                && r != RefUpdate.Result.NO_CHANGE) {
            throw new IOException("could not move " + ref + ": " + r);
        }
    }

    @Override
    public boolean fastForward() {
        Position p = position();
        if (p.behind() == 0 || p.ahead() > 0) {
            return false;
        }
        try {
            RefUpdate u = repo.updateRef(local());
            u.setExpectedOldObjectId(p.localTip() == null ? ObjectId.zeroId() : ObjectId.fromString(p.localTip()));
            u.setNewObjectId(ObjectId.fromString(p.remoteTip()));
            u.setRefLogMessage("brain-console: fast-forward to " + remote + "/" + branch, false);
            RefUpdate.Result r = u.update();
            if (r == RefUpdate.Result.LOCK_FAILURE || r == RefUpdate.Result.REJECTED) {
                throw new ReviewBranch.ConcurrentUpdateException("The branch " + branch + " in " + dir
                        + " moved while it was being brought up to date with " + remote + "; nothing was changed. Try again.");
            }
            return r == RefUpdate.Result.NEW || r == RefUpdate.Result.FAST_FORWARD;
        } catch (IOException e) {
            throw new ReviewException("Cannot move " + branch + " in " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Rebased rebaseOntoRemote(BiPredicate<CommitInfo, CommitInfo> sameDecision) {
        Position p = position();
        if (!p.diverged()) {
            return new Rebased(Map.of(), List.of(), null);
        }
        try {
            return new JGitReplay(repo, dir, branch, remote).onto(p, sameDecision);
        } catch (IOException e) {
            throw new ReviewException("Cannot move the decisions of " + branch + " in " + dir + " onto " + remote
                    + ": " + e.getMessage(), e);
        }
    }

    @Override
    public PushOutcome push() {
        Position p = position();
        if (p.ahead() == 0 || p.localTip() == null) {
            return new PushOutcome(Pushed.UP_TO_DATE, "Nothing to push from " + describe() + ".");
        }
        try (Transport t = open()) {
            ObjectId expected = p.remoteTip() == null ? ObjectId.zeroId() : ObjectId.fromString(p.remoteTip());
            RemoteRefUpdate update = new RemoteRefUpdate(repo, local(), local(), false, null, expected);
            steps.accept("pushing");
            PushResult result = t.push(NullProgressMonitor.INSTANCE, List.of(update));
            RemoteRefUpdate.Status status = result.getRemoteUpdate(local()).getStatus();
            String said = RemoteText.redacted(result.getMessages() == null ? "" : result.getMessages().strip());
            switch (status) {
                case OK, UP_TO_DATE -> {
                    steps.accept("pushed");
                    move(tracking(), ObjectId.fromString(p.localTip()), "brain-console: pushed " + branch);
                    return new PushOutcome(Pushed.PUSHED, "Pushed " + p.ahead() + " commit" + (p.ahead() == 1 ? "" : "s")
                            + " from " + describe() + ".");
                }
                case REJECTED_OTHER_REASON -> {
                    String why = result.getRemoteUpdate(local()).getMessage();
                    if (why != null && why.contains("lock")) { // another console's push held the ref that moment
                        return new PushOutcome(Pushed.LOST_RACE, branch + " on " + remote + " was being moved by another "
                                + "push; nothing was overwritten.");
                    }
                    return new PushOutcome(Pushed.REJECTED, "The remote refused " + branch + " from " + describe() + ": "
                            + RemoteText.redacted(why == null ? status.toString() : why) + (said.isEmpty() ? "" : "\n" + said));
                }
                case REJECTED_REMOTE_CHANGED, REJECTED_NONFASTFORWARD -> {
                    return new PushOutcome(Pushed.LOST_RACE, branch + " on " + remote + " moved since it was last "
                            + "fetched; nothing was overwritten.");
                }
                default -> {
                    String why = RemoteText.redacted(result.getRemoteUpdate(local()).getMessage());
                    return new PushOutcome(Pushed.REJECTED, "The remote refused " + branch + " from " + describe() + ": "
                            + (why == null || why.isBlank() ? status.toString() : why)
                            + (said.isEmpty() ? "" : "\n" + said));
                }
            }
        } catch (IOException e) {
            throw failure("push to", e);
        }
    }

    @Override
    public List<CommitInfo> remoteCommitsSince(String sinceRemoteTip) {
        List<CommitInfo> out = new ArrayList<>();
        try (RevWalk walk = new RevWalk(repo)) {
            ObjectId r = id(tracking());
            if (r == null) {
                return out;
            }
            walk.markStart(walk.parseCommit(r));
            if (sinceRemoteTip != null) {
                walk.markUninteresting(walk.parseCommit(ObjectId.fromString(sinceRemoteTip)));
            }
            ObjectId l = id(local());
            if (l != null) {
                walk.markUninteresting(walk.parseCommit(l));
            }
            for (RevCommit c : walk) {
                out.add(0, info(c));
            }
            return out;
        } catch (IOException | IllegalArgumentException e) {
            throw new ReviewException("Cannot read what " + remote + " brought to " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<CommitInfo> onRemote(String sha) {
        try (RevWalk walk = new RevWalk(repo)) {
            ObjectId r = id(tracking());
            ObjectId c = sha == null ? null : ObjectId.fromString(sha);
            if (r == null || c == null || !repo.getObjectDatabase().has(c)) {
                return Optional.empty();
            }
            RevCommit commit = walk.parseCommit(c);
            return walk.isMergedInto(commit, walk.parseCommit(r)) ? Optional.of(info(commit)) : Optional.empty();
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    static CommitInfo info(RevCommit c) {
        return new CommitInfo(c.getName(), c.getFullMessage(), c.getAuthorIdent().getName(),
                c.getAuthorIdent().getWhenAsInstant());
    }

    @Override
    public void close() {
        repo.close();
    }
}
