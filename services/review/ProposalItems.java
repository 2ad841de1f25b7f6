package services.review;

import java.nio.file.Path;
import java.util.Optional;
import services.review.caps.CapReview;
import services.review.caps.CappedFiles;
import services.vault.FileText;
import services.vault.Frontmatter;
import services.vault.VaultFileException;

/**
 * What approving a proposal would change, or why it cannot be approved (invalid, nothing to apply, an unwritable
 * review branch, a conflicting merge, no rationale): a proposal of the queue becomes an {@link ReviewService.Item}.
 */
final class ProposalItems {

    private final ChangePlanner planner;
    private final CappedFiles caps;

    ProposalItems(ChangePlanner planner, CappedFiles caps) {
        this.planner = planner;
        this.caps = caps;
    }

    ReviewService.Item item(Proposal p, Repositories repos) {
        if (!p.valid()) {
            return new ReviewService.Item(p, null, p.problem());
        }
        if (p.isTampered()) { // decided, and its file changed since: what changed is what stands out
            return new ReviewService.Item(p, null, "tampered: " + p.tampered().summary(p.status()));
        }
        if (!p.open()) {
            return new ReviewService.Item(p, null, null);
        }
        if (!p.hasChange()) {
            return new ReviewService.Item(p, null, "an " + p.kind() + " has nothing to apply; reject or request changes");
        }
        try {
            ReviewBranch branch = repos.branch(p);
            PlannedChange change = planner.plan(p, branch, repos.root(p));
            String unwritable = branch.unwritable().map(why -> "the review branch cannot take it: " + why
                    + " (workspace.json key 'reviewBranch')").orElse(null);
            String problem = unwritable != null ? unwritable : change.conflicted() ? "the target changed since the proposal was written and "
                    + "the change conflicts with it (" + change.conflicts().size() + " hunk"
                    + (change.conflicts().size() == 1 ? "" : "s") + "); request changes"
                    : p.rationale() == null || p.rationale().isBlank() ? "no '## Rationale' section: a reviewer must "
                    + "see why; request changes" : null;
            if (problem == null && !change.noChange()) {
                problem = capProblem(p, change, change.after());
            }
            return new ReviewService.Item(p, change, problem);
        } catch (ReviewException e) {
            return new ReviewService.Item(p, null, e.getMessage());
        }
    }

    /**
     * Why the result {@code after} of {@code change} breaks its file's cap (or names a displacement badly), or null:
     * checked for the proposed change and again for an edited result, so an edit cannot walk around the cap.
     */
    String capProblem(Proposal p, PlannedChange change, String after) {
        String displaces;
        try {
            displaces = displaces(p);
        } catch (VaultFileException e) {
            return "frontmatter 'displaces' must be the text of one item: " + e.getMessage();
        }
        return caps.problem(p.repo(), change.path(), change.before(), after, displaces);
    }

    /** The trade and the stale items of a change to a capped file, for the reviewer; empty otherwise. */
    Optional<CapReview> capReview(Proposal p, PlannedChange change, Path root) {
        String displaces;
        try {
            displaces = displaces(p);
        } catch (VaultFileException e) {
            displaces = null;
        }
        return caps.review(p.repo(), change.path(), change.before(), change.after(), displaces, root, change.tip());
    }

    /** The frontmatter key {@code displaces}, read from the bytes the proposal was parsed from; null when absent. */
    static String displaces(Proposal p) {
        if (p.snapshot() == null) {
            return null;
        }
        return Frontmatter.parse(FileText.of(p.snapshot().bytes()).text()).text("displaces");
    }
}
