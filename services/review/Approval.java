package services.review;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import services.text.PlainText;

/**
 * One approval, run under the decision lock: the queue is read once and each repository opened once; the proposal
 * approved is the snapshot read there — refused when it is not the one the reviewer (or the dial) saw — its intent
 * recorded before git changes ({@link ApprovalIntents}), the change committed to the review branch (or an earlier
 * commit a crash left unrecorded taken as it), then recorded in the proposal file, the decision log and, for a dream
 * proposal, the dream log.
 */
final class Approval {

    /** What to approve: the proposal, the digest seen (null: the file as read now), and how it was seen. */
    record Request(String id, String by, String editedText, String policyVersion, Map<String, String> evidence,
                   Seen seen) {
    }

    private final ProposalCatalog catalog;
    private final ProposalItems items;
    private final ChangePlanner planner;
    private final DecisionRecords records;
    private final Supplier<Repositories> repositories;
    private final ApprovalIntents intents;
    private final DecidedFiles copies;
    private final InterruptedApprovals interrupted;
    /** Told "planned", "intended", "committed", "file-written", "logged", "cleared" as an approval goes (the crash tests' seam). */
    private final Consumer<String> steps;

    Approval(ProposalCatalog catalog, ProposalItems items, ChangePlanner planner, DecisionRecords records,
             Supplier<Repositories> repositories, ApprovalIntents intents, DecidedFiles copies,
             InterruptedApprovals interrupted, Consumer<String> steps) {
        this.catalog = catalog;
        this.items = items;
        this.planner = planner;
        this.records = records;
        this.repositories = repositories;
        this.intents = intents;
        this.copies = copies;
        this.interrupted = interrupted;
        this.steps = steps;
    }

    ReviewService.Decision approve(Request r) {
        String id = r.id();
        try (Repositories repos = repositories.get()) {
            List<Proposal> all = catalog.proposals();
            if (intents.of(id).isPresent()) { // an approval of it was cut short: finished (or dropped) first
                interrupted.finish(all, repos, new HashSet<>());
                all = catalog.proposals();
            }
            ReviewService.Item item = items.item(catalog.find(all, id), repos);
            Proposal p = item.proposal();
            if (p.isTampered()) {
                throw new ReviewException("Proposal " + id + " is already " + ProposalWords.status(p.status())
                        + "; " + p.tampered().summary(p.status()) + ". Nothing was committed.");
            }
            if ("approved".equals(p.status())) {
                throw new ReviewException("Proposal " + id + " is already approved; nothing was committed again.");
            }
            if (!p.open()) {
                throw new ReviewException("Proposal " + id + " is " + p.status() + "; only pending proposals or ones "
                        + "sent back for changes can be approved.");
            }
            r.seen().require(p);
            // an approval a crash cut short (an edited one, say) can make its own plan look conflicting: finish it
            ReviewBranch.Commit earlier = item.problem() == null || !p.valid() || !p.hasChange() ? null
                    : earlierApproval(p, repos);
            if (item.problem() != null && earlier == null) {
                throw new ProposalBlocked("Proposal " + id + " (" + p.file() + ") cannot be approved: "
                        + item.problem().replaceFirst("^Proposal " + Pattern.quote(id) + ": ", "")
                        + (item.change() != null && item.change().conflicted() ? "\n" + String.join("\n", item.change().conflicts()) : ""));
            }
            PlannedChange change = item.change();
            String editedText = r.editedText();
            boolean edited = editedText != null && (change == null || !editedText.equals(change.after()));
            String capped = edited && earlier == null ? items.capProblem(p, change, change.withText(editedText).after())
                    : null;
            if (capped != null) {
                throw new ProposalBlocked("Proposal " + id + " (" + p.file() + ") cannot be approved as edited: "
                        + capped + ". Nothing was committed.");
            }
            ReviewBranch branch = repos.branch(p);
            ReviewBranch.Commit commit = earlier != null ? earlier : ApprovalCommits.find(branch, p, planner,
                    repos.root(p)).map(ApprovalCommits.Found::commit).orElse(null);
            steps.accept("planned");
            if (commit == null) {
                r.seen().requireChange(id, change, branch.branch());
                byte[] after = ApprovalCommits.result(change, editedText);
                if ((editedText != null ? editedText : change.after()).equals(change.before())) {
                    throw new ReviewException("Proposal " + id + ": " + change.path() + " already has this content; "
                            + "nothing to commit. Reject it as superseded, or request changes.");
                }
                String other = ApprovalCommits.anyFor(branch, id).orElse(null);
                if (other != null) { // one id, one approval commit: never a second with the same Proposal-Id
                    throw new ReviewException("Proposal " + id + ": " + branch.branch() + " already holds the "
                            + "console's approval commit " + other.substring(0, 10) + " for this id; nothing was "
                            + "committed again. Give a new proposal its own id.");
                }
                if (p.snapshot() != null) {
                    copies.keep(p.snapshot().bytes());
                }
                intents.record(new ApprovalIntents.Intent(id, p.digest(), r.by(), p.repo(), change.path(),
                        change.tip(), edited, r.policyVersion()));
                steps.accept("intended");
                commit = branch.commit(change.path(), after, ApprovalCommits.message(p, change, r.by(), edited,
                        r.policyVersion()), r.by(), change.tip());
            }
            steps.accept("committed");
            Map<String, String> keys = records.approvedKeys(r.by(), commit);
            if (edited) {
                keys.put("edited_by", r.by());
            }
            String recorded = copies.write(p, keys);
            steps.accept("file-written");
            Map<String, String> extra = new LinkedHashMap<>();
            if (r.policyVersion() != null) {
                extra.put("policy_version", r.policyVersion());
                r.evidence().forEach((k, v) -> extra.put(k, PlainText.oneLine(v)));
            }
            records.log("approve", p, r.by(), "approved", extra.isEmpty() ? null : extra, commit, edited, p.digest(),
                    recorded);
            steps.accept("logged");
            intents.clear(id);
            steps.accept("cleared");
            return new ReviewService.Decision(id, "approved", commit.sha(), commit.branch(), "Approved " + id
                    + ": committed " + commit.sha().substring(0, 10) + " to " + commit.branch() + " in "
                    + repos.root(p) + "." + (p.digest() == null ? "" : " Snapshot " + p.shortDigest() + "."));
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
