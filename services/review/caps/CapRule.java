package services.review.caps;

import services.text.FoldedPath;

/**
 * One capped file ({@code workspace.json} key {@code policy.caps}): at most {@code maxItems} list items under the
 * heading {@code heading} of {@code path} in the {@code repo} repository; an item not validated for
 * {@code staleAfterDays} days (null: never) is flagged stale.
 */
public record CapRule(String repo, String path, String heading, int maxItems, Integer staleAfterDays) {

    /**
     * Whether a proposal's target is this file: the same repository, and the same path as a case-insensitive file
     * system reads it ({@link FoldedPath}: {@code soul.md}, {@code ./SOUL.md}, {@code SOUL.md} in NFD are one).
     */
    public boolean covers(String targetRepo, String target) {
        return repo.equals(targetRepo) && target != null && FoldedPath.path(target).equals(FoldedPath.path(path));
    }

    /** "SOUL.md › Principles (at most 20)", for messages. */
    public String label() {
        return path + " › " + heading + " (at most " + maxItems + ")";
    }
}
