package services.amendments;

import static services.amendments.AmendmentsService.abbreviate;

import java.util.List;
import java.util.Optional;
import services.text.PlainText;
import services.workspace.Workspace;

/**
 * Whether the commit a dream-log line names is the dream's own amendment, the only kind the console reverts. The log
 * is an agent's: a line may name any commit of any branch. A revert is made only where the dream's amendments live —
 * the workspace's {@code dreamBranch} — and only of a commit that branch holds, that is not a merge, that changes its
 * target and nothing else, and whose {@code Proposal-Id} trailer names the logged id. Anything else is listed with
 * the reason and left alone.
 */
final class AmendmentOwnership {

    private AmendmentOwnership() {
    }

    /** Why {@code commit}, logged as amendment {@code id} on {@code branch}, is not to be reverted; empty when it is ours. */
    static Optional<String> whyLeftAlone(Workspace ws, AmendmentHistory history, AmendmentHistory.CommitInfo commit,
                                         String id, String target, String branch) {
        String dreamBranch = ws.settings().dreamBranch();
        if (commit.parent() == null) {
            return Optional.of("commit " + abbreviate(commit.sha()) + " has no parent: it is a repository's first commit, "
                    + "not an amendment");
        }
        if (history.isMerge(commit.sha())) {
            return Optional.of("commit " + abbreviate(commit.sha()) + " is a merge: reverting it would undo everything its "
                    + "other parents brought in");
        }
        List<String> reverts = AmendmentsService.trailers(commit.message(), "Reverts");
        if (!reverts.isEmpty() || !AmendmentsService.trailers(commit.message(), "Reverted-By").isEmpty()
                || commit.message().contains("\nThis reverts commit ")) {
            return Optional.of("commit " + abbreviate(commit.sha()) + " is a revert" + (reverts.isEmpty() ? ""
                    : " of " + PlainText.shown(String.join(", ", reverts))) + ", not an amendment: reverting it would "
                    + "put back what was reverted");
        }
        List<String> others = commit.paths().stream().filter(p -> !p.equals(target)).toList();
        if (!others.isEmpty()) {
            return Optional.of("the commit changes " + (others.size() == 1 ? "a file" : others.size() + " files")
                    + " besides its target " + PlainText.shown(target) + " (" + String.join(", ", others.stream()
                    .limit(5).map(p -> PlainText.line(p, 120)).toList()) + (others.size() > 5 ? ", …" : "") + "); reverting it would undo them too");
        }
        if (branch.equals(ws.reviewBranch())) {
            return Optional.of(branch + " is the review branch, where people's approvals are committed; a dream "
                    + "amendment is never there");
        }
        if (!branch.equals(dreamBranch)) {
            return Optional.of("the branch " + branch + " is not where the dream's amendments live (" + dreamBranch
                    + ", workspace.json 'dreamBranch'): the console reverts only there");
        }
        if (!history.onBranch(dreamBranch, commit.sha())) {
            return Optional.of("commit " + abbreviate(commit.sha()) + " is not on " + dreamBranch + ": reverting it there "
                    + "would undo changes the branch never had");
        }
        List<String> ids = AmendmentsService.trailers(commit.message(), "Proposal-Id");
        if (!ids.contains(id)) {
            return Optional.of(ids.isEmpty() ? "commit " + abbreviate(commit.sha()) + " has no Proposal-Id trailer: it "
                    + "is not the dream's amendment " + PlainText.shown(id) : "commit " + abbreviate(commit.sha())
                    + " carries Proposal-Id " + PlainText.shown(String.join(", ", ids)) + ", not "
                    + PlainText.shown(id) + ": it is not this amendment");
        }
        return Optional.empty();
    }
}
