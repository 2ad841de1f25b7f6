package services.review;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import services.audit.PlainText;

/**
 * One approval, run under the decision lock: the queue is parsed once and each repository opened once; the change
 * is committed to the review branch (or an earlier commit a crash left unrecorded is taken as it), then recorded in
 * the proposal file, the decision log and, for a dream proposal, the dream log.
 */
final class Approval {

    private final ProposalCatalog catalog;
    private final ProposalItems items;
    private final ChangePlanner planner;
    private final DecisionRecords records;
    private final Supplier<Repositories> repositories;
    /** Told "planned", "committed", "file-written", "logged" as an approval goes (the crash tests' seam). */
    private final Consumer<String> steps;

    Approval(ProposalCatalog catalog, ProposalItems items, ChangePlanner planner, DecisionRecords records,
             Supplier<Repositories> repositories, Consumer<String> steps) {
        this.catalog = catalog;
        this.items = items;
        this.planner = planner;
        this.records = records;
        this.repositories = repositories;
        this.steps = steps;
    }

    /** Approves {@code id} as {@code by}; {@code editedText} replaces the proposed result when not null. */
    ReviewService.Decision approve(String id, String by, String editedText, String policyVersion,
                                   Map<String, String> evidence) {
        try (Repositories repos = repositories.get()) {
            ReviewService.Item item = items.item(catalog.find(catalog.proposals(), id), repos);
            Proposal p = item.proposal();
            if ("approved".equals(p.status())) {
                throw new ReviewException("Proposal " + id + " is already approved; nothing was committed again.");
            }
            if (!p.open()) {
                throw new ReviewException("Proposal " + id + " is " + p.status() + "; only pending proposals or ones "
                        + "sent back for changes can be approved.");
            }
            // an approval a crash cut short (an edited one, say) can make its own plan look conflicting: finish it
            ReviewBranch.Commit earlier = item.problem() == null || !p.valid() || !p.hasChange() ? null
                    : earlierApproval(p, repos);
            if (item.problem() != null && earlier == null) {
                throw new ProposalBlocked("Proposal " + id + " (" + p.file() + ") cannot be approved: "
                        + item.problem().replaceFirst("^Proposal " + Pattern.quote(id) + ": ", "")
                        + (item.change() != null && item.change().conflicted() ? "\n" + String.join("\n", item.change().conflicts()) : ""));
            }
            PlannedChange change = item.change();
            String after = editedText != null || change == null ? editedText : change.after();
            boolean edited = editedText != null && (change == null || !editedText.equals(change.after()));
            ReviewBranch branch = repos.branch(p);
            ReviewBranch.Commit commit = earlier != null ? earlier : ApprovalCommits.find(branch, p, planner,
                    repos.root(p)).map(ApprovalCommits.Found::commit).orElse(null);
            steps.accept("planned");
            if (commit == null) {
                if (after.equals(change.before())) {
                    throw new ReviewException("Proposal " + id + ": " + change.path() + " already has this content; "
                            + "nothing to commit. Reject it as superseded, or request changes.");
                }
                commit = branch.commit(change.path(), after.getBytes(StandardCharsets.UTF_8),
                        ApprovalCommits.message(p, change, by, edited, policyVersion), by, change.tip());
            }
            steps.accept("committed");
            Map<String, String> keys = records.approvedKeys(by, commit);
            if (edited) {
                keys.put("edited_by", by);
            }
            ProposalFiles.setKeys(p.file(), keys);
            steps.accept("file-written");
            Map<String, String> extra = new LinkedHashMap<>();
            if (policyVersion != null) {
                extra.put("policy_version", policyVersion);
                evidence.forEach((k, v) -> extra.put(k, PlainText.oneLine(v)));
            }
            records.log("approve", p, by, "approved", extra.isEmpty() ? null : extra, commit, edited);
            steps.accept("logged");
            return new ReviewService.Decision(id, "approved", commit.sha(), commit.branch(), "Approved " + id
                    + ": committed " + commit.sha().substring(0, 10) + " to " + commit.branch() + " in "
                    + repos.root(p) + ".");
        }
    }

    private ReviewBranch.Commit earlierApproval(Proposal p, Repositories repos) {
        try {
            return ApprovalCommits.find(repos.branch(p), p, planner, repos.root(p)).map(ApprovalCommits.Found::commit)
                    .orElse(null);
        } catch (ReviewException unreadable) {
            return null;
        }
    }
}
