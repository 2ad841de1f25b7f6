package services.review;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import services.audit.DecisionLog;
import services.audit.DecisionSharing;
import services.text.PlainText;
import services.errors.ConsoleException;

/**
 * Finishes approvals cut short after their commit (the process killed, the disk full): a proposal whose approval
 * commit is on the review branch — as only the console writes one ({@link ApprovalCommits#find}) — but whose file
 * or decision log does not say so yet, gets both, with the approver the commit names. Run under the decision lock.
 * Such a commit without an approval in flight here that came from the shared remote is another machine's decision,
 * learnt on fetch: it is recorded and reported as recovered from the shared branch, never as made here.
 */
final class InterruptedApprovals {

    private final DecisionLog decisions;
    private final DecisionRecords records;
    private final ChangePlanner planner;
    private final ApprovalIntents intents;
    private final DecidedFiles copies;
    private final BiFunction<Path, String, Optional<Instant>> fromRemote;

    /** @param fromRemote when a commit in a repository was made, if it came from the shared remote (another machine) */
    InterruptedApprovals(DecisionLog decisions, DecisionRecords records, ChangePlanner planner, ApprovalIntents intents,
                         DecidedFiles copies, BiFunction<Path, String, Optional<Instant>> fromRemote) {
        this.fromRemote = fromRemote;
        this.decisions = decisions;
        this.records = records;
        this.planner = planner;
        this.intents = intents;
        this.copies = copies;
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
        Set<String> intended = new HashSet<>();
        for (ApprovalIntents.Intent intent : intents.all()) {
            intended.add(intent.id());
            try {
                finish(intent, all, repos, logged.contains(intent.id()), written).ifPresent(out::add);
            } catch (ConsoleException notYet) {
                out.add("The approval of " + intent.id() + " in flight cannot be finished yet: " + notYet.getMessage());
            }
        }
        for (Proposal p : all) {
            boolean unfinished = p.valid() && (p.open() || "approved".equals(p.status()) && !logged.contains(p.id()));
            if (!unfinished || intended.contains(p.id())) {
                continue;
            }
            try {
                ApprovalCommits.Found made = ApprovalCommits.find(repos.branch(p), p, planner, repos.root(p)).orElse(null);
                if (made == null) {
                    continue;
                }
                String by = PlainText.problem(made.by()).isEmpty() ? made.by() : "unknown";
                ReviewBranch.Commit commit = made.commit();
                Optional<Instant> learnt = fromRemote.apply(repos.root(p), commit.sha());
                boolean elsewhere = learnt.isPresent();
                String recorded = p.digest();
                if (p.open()) {
                    recorded = copies.write(p, records.approvedKeys(by, commit));
                    written.add(p.file());
                }
                if (!logged.contains(p.id())) {
                    Map<String, String> extra = new LinkedHashMap<>();
                    extra.put("recovered", elsewhere ? DecisionSharing.RECOVERED : "an approval interrupted after its commit");
                    learnt.ifPresent(at -> extra.put("decided_at", at.toString())); // when it was decided there
                    if (made.policyVersion() != null) {
                        extra.put("policy_version", made.policyVersion()); // the dial's approval keeps its version
                    }
                    try {
                        records.log("approve", p, by, "approved", extra, commit, made.edited(),
                                p.open() ? p.digest() : null, recorded);
                    } catch (ConsoleException stillUnwritable) {
                        out.add("The approval of " + p.id() + " is committed but cannot be recorded yet: "
                                + stillUnwritable.getMessage());
                        continue;
                    }
                }
                out.add(elsewhere ? "Recovered from the shared branch: " + p.id() + " approved by " + by + " "
                        + DecisionRecord.ELSEWHERE + " (commit " + commit.sha().substring(0, 10) + ")."
                        : "Finished the approval of " + p.id() + ": commit " + commit.sha().substring(0, 10)
                        + " was made before an interruption.");
            } catch (ReviewException unreadable) {
                // its repository cannot be opened: the listing says why
            }
        }
        return out;
    }

    /**
     * Finishes or drops one approval in flight: its commit on the review branch (the console's, with its id and the
     * digest it recorded) means approved — the proposal file gets the decision written into the proposal as it was
     * approved (the copy kept before committing: an agent's later rewrite does not become the approved text) and the
     * decision log gets its line; no such commit means nothing was approved, and the record goes.
     */
    private Optional<String> finish(ApprovalIntents.Intent intent, List<Proposal> all, Repositories repos,
                                              boolean logged, Set<Path> written) {
        Proposal p = all.stream().filter(q -> q.id().equals(intent.id()) && q.file() != null).findFirst().orElse(null);
        Proposal where = p != null ? p : new Proposal(null, null, intent.id(), null, null, null, intent.repo(), null,
                null, null, List.of(), null, null, "pending", null, null, null, null);
        ApprovalCommits.Found made = ApprovalCommits.ofIntent(repos.branch(where), intent).orElse(null);
        if (made == null || logged) {
            intents.clear(intent.id()); // nothing committed: nothing approved; or the approval is recorded already
            return Optional.empty();
        }
        if (p == null) {
            return Optional.of("The approval of " + intent.id() + " is committed (" + made.commit().sha()
                    .substring(0, 10) + ") but its proposal file is gone; it is recorded once the file is back.");
        }
        String by = PlainText.problem(made.by()).isEmpty() ? made.by() : "unknown";
        Map<String, String> keys = records.approvedKeys(by, made.commit());
        if (made.edited()) {
            keys.put("edited_by", by);
        }
        byte[] approved = copies.read(intent.digest()).orElse(null);
        Proposal decided = approved != null ? new ProposalParser().parse(p.file(), p.origin(), approved)
                : intent.digest() != null && intent.digest().equals(p.digest()) ? p : null;
        String recorded = null;
        if (decided != null) {
            recorded = copies.write(decided, keys);
            written.add(p.file());
        }
        Map<String, String> extra = new LinkedHashMap<>();
        extra.put("recovered", "an approval interrupted after its commit");
        if (made.policyVersion() != null) {
            extra.put("policy_version", made.policyVersion());
        }
        records.log("approve", decided != null ? decided : p, by, "approved", extra, made.commit(), made.edited(),
                intent.digest(), recorded);
        intents.clear(intent.id());
        return Optional.of("Finished the approval of " + intent.id() + ": commit "
                + made.commit().sha().substring(0, 10) + " was made before an interruption.");
    }
}
