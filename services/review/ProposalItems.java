package services.review;

/**
 * What approving a proposal would change, or why it cannot be approved (invalid, nothing to apply, an unwritable
 * review branch, a conflicting merge, no rationale): a proposal of the queue becomes an {@link ReviewService.Item}.
 */
final class ProposalItems {

    private final ChangePlanner planner;

    ProposalItems(ChangePlanner planner) {
        this.planner = planner;
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
            return new ReviewService.Item(p, change, problem);
        } catch (ReviewException e) {
            return new ReviewService.Item(p, null, e.getMessage());
        }
    }
}
