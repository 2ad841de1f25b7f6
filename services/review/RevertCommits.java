package services.review;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.audit.Trailers;

/**
 * The commit that undid an approval, as the console writes it when a person or the trust dial's expiry reverts a
 * supervised approval: committed by Brain Console on the review branch after the approval, changing only the
 * proposal's target, its trailer block exactly {@code Reverts: <the approval's commit>}, one {@code Reverted-By} and
 * {@code Proposal-Id: <the proposal>}. Only such a commit stands in for the decision-log line a crash cut short; a
 * proposal file saying {@code reverted} is never enough.
 */
final class RevertCommits {

    private static final Set<String> KEYS = Set.of("Reverts", "Reverted-By", "Proposal-Id");

    private RevertCommits() {
    }

    /** Whether {@code branch} holds, after {@code approval}, the console's revert of it for {@code p}. */
    static boolean holds(ReviewBranch branch, Proposal p, String approval, Path repoRoot) {
        String path;
        try {
            path = TargetPath.check(p.id(), repoRoot, p.target());
        } catch (ReviewException unsafe) {
            return false;
        }
        for (ReviewBranch.LogEntry e : branch.log(500)) { // newest first: a revert is above its approval
            if (e.sha().equals(approval)) {
                return false;
            }
            List<Map.Entry<String, String>> trailers = Trailers.of(e.message());
            if (!values(trailers, "Reverts").equals(List.of(approval)) || !values(trailers, "Proposal-Id").equals(List.of(p.id()))
                    || values(trailers, "Reverted-By").size() != 1
                    || trailers.stream().anyMatch(t -> !KEYS.contains(t.getKey()))) {
                continue;
            }
            var facts = branch.facts(e.sha());
            if (facts.isPresent() && ApprovalCommits.COMMITTER_EMAIL.equals(facts.get().committerEmail())
                    && facts.get().paths().equals(List.of(path))) {
                return true;
            }
        }
        return false;
    }

    private static List<String> values(List<Map.Entry<String, String>> trailers, String key) {
        return trailers.stream().filter(t -> t.getKey().equals(key)).map(t -> t.getValue().strip()).toList();
    }
}
