package services.review;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import services.text.PlainText;
import services.audit.Trailers;

/**
 * The commits approvals make. Their messages carry every value from a proposal file or a flag on one line (a line
 * break in an evidence item cannot add a trailer), and an earlier approval — one a crash cut short before it was
 * recorded — is recognised only as the console writes it: committed by Brain Console, a trailer block of the
 * console's keys with exactly one {@code Proposal-Id} equal to the proposal's, changing only the proposal's target,
 * to exactly what approving the proposal on the commit's parent gives (or, for an edited approval, to anything).
 */
final class ApprovalCommits {

    static final String COMMITTER_EMAIL = "brain-console@localhost";
    private static final Set<String> KEYS = Set.of("Proposal-Id", "Approved-By", "Evidence", "Risk", "Edited-By",
            "Policy-Version", "Proposal-Digest");

    /**
     * An approval found on the branch, with its approver as the commit names them, the trust dial's policy version
     * when the policy approved it (null otherwise), and whether its text was edited.
     */
    record Found(ReviewBranch.Commit commit, String by, String policyVersion, boolean edited) {
    }

    private ApprovalCommits() {
    }

    static String message(Proposal p, PlannedChange change, String by, boolean edited) {
        return message(p, change, by, edited, null);
    }

    /** The message, with a {@code Proposal-Digest} trailer naming the snapshot approved when the proposal has one. */
    static String message(Proposal p, PlannedChange change, String by, boolean edited, String policyVersion) {
        return message(p, change, by, edited, policyVersion, null);
    }

    /**
     * The message with {@code subject} as its first line when given (the trust dial's receipt), made one line and
     * cut at 200 characters here whatever the caller passed; else {@code <kind>: <path>}.
     */
    static String message(Proposal p, PlannedChange change, String by, boolean edited, String policyVersion,
                          String subject) {
        String summary = p.rationale() == null ? "" : p.rationale().strip().lines().findFirst().orElse("");
        String first = subject == null || subject.isBlank() ? p.kind() + ": " + change.path()
                + (change.newFile() ? " (new)" : "") : PlainText.oneLine(subject.strip());
        if (first.length() > 200) {
            first = first.substring(0, Character.isHighSurrogate(first.charAt(196)) ? 196 : 197) + "...";
        }
        StringBuilder out = new StringBuilder(first + "\n\n");
        summary = PlainText.oneLine(summary).strip();
        if (!summary.isEmpty()) {
            out.append(summary.length() > 200 ? summary.substring(0, 197) + "..." : summary).append("\n\n");
        }
        out.append("Proposal-Id: ").append(PlainText.oneLine(p.id())).append('\n');
        out.append("Approved-By: ").append(PlainText.oneLine(by)).append('\n');
        for (String e : p.evidence()) {
            out.append("Evidence: ").append(PlainText.oneLine(e)).append('\n');
        }
        out.append("Risk: ").append(PlainText.oneLine(p.risk())).append('\n');
        if (edited) {
            out.append("Edited-By: ").append(PlainText.oneLine(by)).append('\n');
        }
        if (policyVersion != null) {
            out.append("Policy-Version: ").append(PlainText.oneLine(policyVersion)).append('\n');
        }
        if (p.digest() != null) {
            out.append("Proposal-Digest: ").append(p.digest()).append('\n');
        }
        return out.toString();
    }

    /** The console's earlier approval of {@code p} on {@code branch}, if there is one (see the class comment). */
    static Optional<Found> find(ReviewBranch branch, Proposal p, ChangePlanner planner, Path repoRoot) {
        String path;
        try {
            path = TargetPath.check(p.id(), repoRoot, p.target());
        } catch (ReviewException unsafe) {
            return Optional.empty();
        }
        for (ReviewBranch.LogEntry e : branch.log(500)) {
            List<Map.Entry<String, String>> trailers = Trailers.of(e.message());
            List<String> ids = values(trailers, "Proposal-Id");
            if (ids.size() != 1 || !ids.get(0).equals(p.id())) {
                continue;
            }
            List<String> by = values(trailers, "Approved-By");
            if (by.size() != 1 || trailers.stream().anyMatch(t -> !KEYS.contains(t.getKey()))) {
                continue;
            }
            Optional<ReviewBranch.CommitFacts> facts = branch.facts(e.sha());
            if (facts.isEmpty() || !COMMITTER_EMAIL.equals(facts.get().committerEmail())
                    || !facts.get().paths().equals(List.of(path))) {
                continue;
            }
            boolean edited = !values(trailers, "Edited-By").isEmpty();
            if (edited || makes(branch, p, planner, repoRoot, facts.get(), path)) {
                List<String> versions = values(trailers, "Policy-Version");
                String version = versions.size() == 1 && by.get(0).startsWith(ReviewService.POLICY)
                        && versions.get(0).matches("[0-9a-zA-Z.-]{1,40}") ? versions.get(0) : null;
                return Optional.of(new Found(new ReviewBranch.Commit(e.sha(), branch.branch()), by.get(0), version, edited));
            }
        }
        return Optional.empty();
    }

    /**
     * The console's approval commit of this id on {@code branch}, whatever snapshot it approved: a trailer block of
     * the console's keys with one {@code Proposal-Id} equal to {@code id}, one {@code Approved-By} and one
     * {@code Proposal-Digest}, committed by Brain Console. An id has at most one: a second is refused.
     */
    static Optional<String> anyFor(ReviewBranch branch, String id) {
        for (ReviewBranch.LogEntry e : branch.log(500)) {
            List<Map.Entry<String, String>> trailers = Trailers.of(e.message());
            List<String> ids = values(trailers, "Proposal-Id");
            if (ids.size() == 1 && ids.get(0).equals(id) && values(trailers, "Approved-By").size() == 1
                    && values(trailers, "Proposal-Digest").size() == 1
                    && trailers.stream().allMatch(t -> KEYS.contains(t.getKey()))
                    && branch.facts(e.sha()).filter(f -> COMMITTER_EMAIL.equals(f.committerEmail())).isPresent()) {
                return Optional.of(e.sha());
            }
        }
        return Optional.empty();
    }

    /**
     * The approval commit an approval in flight made ({@link ApprovalIntents}): the console's, with this id, this
     * {@code Proposal-Digest}, changing only {@code path}.
     */
    static Optional<Found> ofIntent(ReviewBranch branch, ApprovalIntents.Intent intent) {
        for (ReviewBranch.LogEntry e : branch.log(500)) {
            List<Map.Entry<String, String>> trailers = Trailers.of(e.message());
            List<String> ids = values(trailers, "Proposal-Id");
            List<String> digests = values(trailers, "Proposal-Digest");
            List<String> by = values(trailers, "Approved-By");
            if (ids.size() != 1 || !ids.get(0).equals(intent.id()) || !digests.equals(List.of(String.valueOf(
                    intent.digest()))) || by.size() != 1) {
                continue;
            }
            Optional<ReviewBranch.CommitFacts> facts = branch.facts(e.sha());
            if (facts.isPresent() && COMMITTER_EMAIL.equals(facts.get().committerEmail())
                    && facts.get().paths().equals(List.of(String.valueOf(intent.path())))) {
                List<String> versions = values(trailers, "Policy-Version");
                return Optional.of(new Found(new ReviewBranch.Commit(e.sha(), branch.branch()), by.get(0),
                        versions.size() == 1 ? versions.get(0) : null, !values(trailers, "Edited-By").isEmpty()));
            }
        }
        return Optional.empty();
    }

    /** Whether the commit's target is what approving the proposal on the commit's parent gives. */
    private static boolean makes(ReviewBranch branch, Proposal p, ChangePlanner planner, Path repoRoot,
                                 ReviewBranch.CommitFacts facts, String path) {
        try (ReviewBranch parent = branch.at(facts.parent()); ReviewBranch made = branch.at(facts.sha())) {
            PlannedChange change = planner.plan(p, parent, repoRoot);
            Optional<ReviewBranch.Blob> blob = made.read(path);
            return !change.conflicted() && blob.isPresent()
                    && Arrays.equals(result(change, null), blob.get().content());
        } catch (ReviewException notThisOne) {
            return false;
        }
    }

    /**
     * The exact bytes an approval commits: the planned result, or the text a person edited. The one place that turns
     * a plan into the committed bytes.
     */
    static byte[] result(PlannedChange change, String edited) {
        return edited != null ? change.bytesFor(edited) : change.afterBytes();
    }

    private static List<String> values(List<Map.Entry<String, String>> trailers, String key) {
        return trailers.stream().filter(t -> t.getKey().equals(key)).map(Map.Entry::getValue).toList();
    }
}
