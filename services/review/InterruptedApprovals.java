package services.review;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.audit.DecisionLog;
import services.audit.PlainText;
import services.errors.ConsoleException;

/**
 * Finishes approvals cut short after their commit (the process killed, the disk full): a proposal whose approval
 * commit is on the review branch — as only the console writes one ({@link ApprovalCommits#find}) — but whose file
 * or decision log does not say so yet, gets both, with the approver the commit names. Run under the decision lock.
 */
final class InterruptedApprovals {

    private final DecisionLog decisions;
    private final DecisionRecords records;
    private final ChangePlanner planner;

    InterruptedApprovals(DecisionLog decisions, DecisionRecords records, ChangePlanner planner) {
        this.decisions = decisions;
        this.records = records;
        this.planner = planner;
    }

    /**
     * One line per approval finished (or that cannot be recorded yet); the proposal files the approval was written
     * into are added to {@code written}.
     */
    List<String> finish(List<Proposal> all, Repositories repos, Set<Path> written) {
        Set<String> logged = new HashSet<>();
        try {
            decisions.read().entries().stream().filter(e -> "approve".equals(e.path("action").asText()))
                    .forEach(e -> logged.add(e.path("proposal").asText()));
        } catch (ConsoleException unreadable) {
            return List.of(unreadable.getMessage() + " — interrupted approvals are finished once it can be read");
        }
        List<String> out = new ArrayList<>();
        for (Proposal p : all) {
            boolean unfinished = p.valid() && (p.open() || "approved".equals(p.status()) && !logged.contains(p.id()));
            if (!unfinished) {
                continue;
            }
            try {
                ApprovalCommits.Found made = ApprovalCommits.find(repos.branch(p), p, planner, repos.root(p)).orElse(null);
                if (made == null) {
                    continue;
                }
                String by = PlainText.problem(made.by()).isEmpty() ? made.by() : "unknown";
                ReviewBranch.Commit commit = made.commit();
                if (p.open()) {
                    ProposalFiles.setKeys(p.file(), records.approvedKeys(by, commit));
                    written.add(p.file());
                }
                if (!logged.contains(p.id())) {
                    Map<String, String> extra = new LinkedHashMap<>();
                    extra.put("recovered", "an approval interrupted after its commit");
                    if (made.policyVersion() != null) {
                        extra.put("policy_version", made.policyVersion()); // the dial's approval keeps its version
                    }
                    try {
                        records.log("approve", p, by, "approved", extra, commit, made.edited());
                    } catch (ConsoleException stillUnwritable) {
                        out.add("The approval of " + p.id() + " is committed but cannot be recorded yet: "
                                + stillUnwritable.getMessage());
                        continue;
                    }
                }
                out.add("Finished the approval of " + p.id() + ": commit " + commit.sha().substring(0, 10)
                        + " was made before an interruption.");
            } catch (ReviewException unreadable) {
                // its repository cannot be opened: the listing says why
            }
        }
        return out;
    }
}
