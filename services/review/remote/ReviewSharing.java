package services.review.remote;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import services.audit.DecisionLock;
import services.audit.DecisionLog;
import services.audit.DecisionSharing;
import services.audit.Trailers;
import services.review.DecisionRecord;
import services.review.ReviewBranch;
import services.review.ReviewException;
import services.text.PlainText;
import services.workspace.ReviewRemoteSettings;
import services.workspace.UserHome;
import services.workspace.Workspace;

/**
 * Shares the workspace's review branches through the remote {@code reviewRemote} names: fetches before a decision
 * (bringing the local branch up to date so the decision is checked against what the others decided), pushes after
 * (a compare-and-swap, retried on the new tip, never forced), and says what waits to be pushed. Without
 * {@code reviewRemote} it does nothing at all. Offline is normal: a decision commits locally and waits.
 */
public final class ReviewSharing {

    /** Opens one repository's review branch against its remote. */
    public interface Opener {
        ReviewRemote open(Path repository, String remote, String branch);
    }

    /** Pushes that lose the race are retried this often on the new tip before the loss is reported. */
    static final int ATTEMPTS = 3;

    /** The decisions learnt from one fetch named one by one; the rest are counted. */
    static final int LEARNT_SHOWN = 20;

    private final Workspace ws;
    private final ReviewRemoteSettings settings;
    private final Clock clock;
    private final Opener opener;
    private final SharingState state;
    private final DecisionLock lock;
    private final ReplayRecords replays;
    private final List<Consumer<SharedBranch.Report>> listeners = new CopyOnWriteArrayList<>();

    public ReviewSharing(Workspace ws, Clock clock, Opener opener) {
        this.ws = ws;
        this.settings = ReviewRemoteSettings.of(ws);
        this.clock = clock;
        this.opener = opener;
        this.state = new SharingState(ws.stateDir());
        this.lock = new DecisionLock(ws.stateDir());
        this.replays = new ReplayRecords(new DecisionLog(ws.stateDir().resolve("decisions.jsonl")), clock);
    }

    /** With JGit and the user's own credentials ({@code ~/.ssh}, git's credential helper, or the workspace's key). */
    public static ReviewSharing of(Workspace ws, Clock clock) {
        return of(ws, clock, Path.of(UserHome.path()), step -> { });
    }

    /** The same with another home folder (its {@code .ssh}) and a fault seam (the crash tests). */
    public static ReviewSharing of(Workspace ws, Clock clock, Path home, Consumer<String> steps) {
        JGitSshCredentials credentials = new JGitSshCredentials(home, ReviewRemoteSettings.of(ws).keyFile());
        return new ReviewSharing(ws, clock, (dir, remote, branch) -> new JGitReviewRemote(dir, remote, branch,
                credentials, steps));
    }

    /** Whether the workspace shares its review branch at all ({@code reviewRemote} set, and valid). */
    public boolean enabled() {
        return settings.enabled();
    }

    /** Why the sharing keys are wrong, or null. */
    public String problem() {
        return settings.problem();
    }

    /** The repositories a decision can commit to (the skills repo, the behaviour repo), each once. */
    private List<Path> repositories() {
        Set<Path> out = new LinkedHashSet<>();
        out.add(ws.skillsRepo().toAbsolutePath().normalize());
        out.add(ws.behaviourRepo().toAbsolutePath().normalize());
        return List.copyOf(out);
    }

    /**
     * Where each shared repository stands, from refs and the state file only (no network, fast enough for the status
     * bar): what waits to be pushed, what the last attempt said.
     */
    public SharedBranch.Report pending() {
        List<SharedBranch> out = new ArrayList<>();
        if (!enabled()) {
            return new SharedBranch.Report(out, settings.problem() == null ? List.of() : List.of(settings.problem()));
        }
        for (Path dir : repositories()) {
            try (ReviewRemote r = opener.open(dir, settings.remote(), ws.reviewBranch())) {
                out.add(shown(dir, r, r.position()));
            } catch (JGitReviewRemote.NoSuchRemote notShared) {
                // a repository without that remote is not shared
            } catch (ReviewException e) {
                out.add(new SharedBranch(dir.toString(), settings.remote(), 0, 0, null, e.getMessage(), null));
            }
        }
        return new SharedBranch.Report(out, List.of());
    }

    private SharedBranch shown(Path dir, ReviewRemote r, ReviewRemote.Position p) {
        SharingState.Attempt last = state.last(dir.toString());
        return new SharedBranch(dir.toString(), r.describe(), p.ahead(), p.behind(), last == null ? null : last.result(),
                last == null ? null : last.problem(), last == null ? null : last.at());
    }

    /**
     * Before a decision: fetches each shared repository's review branch and brings the local one up to date, so the
     * decision is planned (stale, merged, conflicting) against what others decided. Offline, the decision goes on
     * against the local branch. Returns what the user should read (decisions learnt, a remote that is unreachable).
     */
    public List<String> beforeDeciding() {
        List<String> messages = new ArrayList<>();
        if (enabled()) {
            for (Path dir : repositories()) {
                sync(dir, false, messages);
            }
        }
        return messages;
    }

    /**
     * Told each sync's report, on the thread that synced (the window's status bar and inbox follow a push made after
     * a decision, by the scheduler or on demand).
     */
    public void onSynced(Consumer<SharedBranch.Report> listener) {
        listeners.add(listener);
    }

    /** Fetches and pushes every shared repository now ({@code sync-review}, the scheduler, after a decision). */
    public SharedBranch.Report sync() {
        SharedBranch.Report r = syncAll();
        if (enabled()) {
            listeners.forEach(l -> l.accept(r));
        }
        return r;
    }

    private SharedBranch.Report syncAll() {
        List<String> messages = new ArrayList<>();
        if (!enabled()) {
            messages.add(settings.problem() != null ? settings.problem() : "Workspace " + ws.name() + " shares no "
                    + "review branch: set \"reviewRemote\" (e.g. \"origin\") in workspace.json to push and fetch it.");
            return new SharedBranch.Report(List.of(), messages);
        }
        List<SharedBranch> out = new ArrayList<>();
        for (Path dir : repositories()) {
            SharedBranch b = sync(dir, true, messages);
            if (b != null) {
                out.add(b);
            }
        }
        return new SharedBranch.Report(out, messages);
    }

    private SharedBranch sync(Path dir, boolean push, List<String> messages) {
        try (ReviewRemote r = opener.open(dir, settings.remote(), ws.reviewBranch())) {
            String result = "up to date";
            for (int attempt = 1; ; attempt++) {
                String before = r.position().remoteTip();
                r.fetch();
                learnt(r, before, messages);
                integrate(r, messages);
                if (!push || r.position().ahead() == 0) {
                    result = push ? "up to date" : "fetched";
                    break;
                }
                ReviewRemote.PushOutcome pushed = r.push();
                if (pushed.result() == ReviewRemote.Pushed.PUSHED || pushed.result() == ReviewRemote.Pushed.UP_TO_DATE) {
                    messages.add(pushed.message());
                    result = "pushed";
                    break;
                }
                if (pushed.result() == ReviewRemote.Pushed.REJECTED) {
                    throw new RemoteRefused(pushed.message());
                }
                if (attempt == ATTEMPTS) {
                    throw new ReviewException(pushed.message() + " Tried " + ATTEMPTS + " times; the decisions wait "
                            + "here and go with the next sync.");
                }
            }
            state.record(dir.toString(), new SharingState.Attempt(result, null, Instant.now(clock)));
            return shown(dir, r, r.position());
        } catch (JGitReviewRemote.NoSuchRemote notShared) {
            return null;
        } catch (ReviewException e) {
            String result = e instanceof RemoteUnreachable ? "offline" : "failed";
            state.record(dir.toString(), new SharingState.Attempt(result, e.getMessage(), Instant.now(clock)));
            messages.add(e.getMessage());
            try (ReviewRemote r = opener.open(dir, settings.remote(), ws.reviewBranch())) {
                return shown(dir, r, r.position());
            } catch (ReviewException unreadable) {
                return new SharedBranch(dir.toString(), settings.remote(), 0, 0, result, e.getMessage(), Instant.now(clock));
            }
        }
    }

    /** Brings the local branch up to date with what was fetched, under the decision lock (no decision meanwhile). */
    private void integrate(ReviewRemote r, List<String> messages) {
        lock.run(() -> {
            ReviewRemote.Position p = r.position();
            if (p.behind() == 0) {
                return null;
            }
            if (p.ahead() == 0) {
                r.fastForward();
                return null;
            }
            List<ReviewRemote.CommitInfo> theirs = r.remoteCommitsSince(null);
            ReviewRemote.Rebased done = r.rebaseOntoRemote(ReviewSharing::sameProposal);
            messages.addAll(replays.record(done.replaced()));
            for (ReviewRemote.Clash c : done.setAside()) {
                messages.add(setAside(theirs, c));
            }
            if (done.stuck() != null) {
                throw new ReviewException("The decision in commit " + shortSha(done.stuck().ours()) + " changes "
                        + done.stuck().path() + ", which commit " + shortSha(done.stuck().theirs()) + " on the remote "
                        + "changed too, for another proposal. It stays here, not pushed; nothing on the remote was "
                        + "overwritten. Decide the proposal again once the branch is up to date.");
            }
            return null;
        });
    }

    /** Two commits decide the same proposal: each carries one {@code Proposal-Id}, and they are equal. */
    static boolean sameProposal(ReviewRemote.CommitInfo ours, ReviewRemote.CommitInfo theirs) {
        List<String> a = Trailers.values(ours.message(), "Proposal-Id");
        List<String> b = Trailers.values(theirs.message(), "Proposal-Id");
        return a.size() == 1 && a.equals(b);
    }

    private static String setAside(List<ReviewRemote.CommitInfo> remoteOnly, ReviewRemote.Clash c) {
        ReviewRemote.CommitInfo theirs = remoteOnly.stream().filter(i -> i.sha().equals(c.theirs())).findFirst()
                .orElse(null);
        String id = theirs == null ? "?" : Trailers.values(theirs.message(), "Proposal-Id").stream().findFirst().orElse("?");
        String by = theirs == null ? "someone" : decider(theirs);
        return id + " was already decided by " + by + " " + DecisionRecord.ELSEWHERE + (theirs == null ? ""
                : " at " + theirs.when()) + " (commit " + shortSha(c.theirs()) + ", " + DecisionRecord.RECOVERED
                + "); this console's decision (commit " + shortSha(c.ours()) + ") was not pushed and is kept as "
                + JGitReplay.SET_ASIDE + c.ours() + ".";
    }

    /** Who a commit says decided: its {@code Approved-By} or {@code Reverted-By} trailer, else its author. */
    static String decider(ReviewRemote.CommitInfo c) {
        for (String key : List.of("Approved-By", "Reverted-By")) {
            List<String> v = Trailers.values(c.message(), key);
            if (v.size() == 1) {
                return PlainText.oneLine(v.get(0));
            }
        }
        return PlainText.oneLine(c.author());
    }

    /** The decisions the fetch brought, as lines for the user (the decision logs learn them from the trailers). */
    private static void learnt(ReviewRemote r, String before, List<String> messages) {
        if (before != null && before.equals(r.position().remoteTip())) {
            return;
        }
        int shown = 0;
        int more = 0;
        for (ReviewRemote.CommitInfo c : r.remoteCommitsSince(before)) {
            List<String> ids = Trailers.values(c.message(), "Proposal-Id");
            if (ids.size() != 1) {
                continue;
            }
            if (shown++ < LEARNT_SHOWN) {
                messages.add(DecisionSharing.LEARNT + ids.get(0) + " decided by " + decider(c) + " "
                        + DecisionRecord.ELSEWHERE + " at " + c.when() + " (commit " + shortSha(c.sha()) + ").");
            } else {
                more++;
            }
        }
        if (more > 0) {
            messages.add("… and " + more + " more decision" + (more == 1 ? "" : "s") + " learnt from the remote.");
        }
    }

    private static String shortSha(String sha) {
        return sha == null ? "?" : sha.substring(0, Math.min(10, sha.length()));
    }

    /**
     * When {@code sha} in the repository at {@code root} was made, if it is on the remote's review branch as last
     * fetched (refs only, no network); empty when the workspace shares nothing or the repository has no such remote.
     */
    public Optional<Instant> learntAt(Path root, String sha) {
        if (!enabled()) {
            return Optional.empty();
        }
        try (ReviewRemote r = opener.open(root.toAbsolutePath().normalize(), settings.remote(), ws.reviewBranch())) {
            return r.onRemote(sha).map(ReviewRemote.CommitInfo::when);
        } catch (ReviewException notShared) {
            return Optional.empty();
        }
    }

    /** A local move lost to a decision being committed at the same moment: the next sync picks it up. */
    static boolean retryable(ReviewException e) {
        return e instanceof ReviewBranch.ConcurrentUpdateException;
    }
}
