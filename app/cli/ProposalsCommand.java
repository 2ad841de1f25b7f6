package app.cli;

import app.compose.WorkspaceServices;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import services.review.caps.CapReview;
import services.text.PlainText;
import services.errors.ConsoleException;
import services.policy.Policy;
import services.policy.PolicyService;
import services.policy.RecallEffect;
import services.reach.SimilarLessons;
import services.review.DecisionRecord;
import services.review.Proposal;
import services.review.ProposalWords;
import services.review.ReviewQueue;
import services.review.ReviewService;
import services.review.Seen;
import services.review.Snapshot;
import services.review.TextDiff;
import services.workspace.Workspace;

/** {@code brain-console proposals …}: the review queue, headless. */
@Command(name = "proposals", mixinStandardHelpOptions = true, description = "Review skill-update and dream proposals.",
        subcommands = {ProposalsCommand.ListProposals.class, ProposalsCommand.Show.class, ProposalsCommand.Approve.class,
            ProposalsCommand.Reject.class, ProposalsCommand.RequestChanges.class})
final class ProposalsCommand {

    static Map<String, Object> summary(ReviewService.Item item) {
        Proposal p = item.proposal();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", p.id());
        out.put("kind", p.kind());
        out.put("group", p.valid() ? p.group() : "invalid");
        out.put("groupWords", ProposalWords.group(p));
        out.put("state", ReviewQueue.state(item));
        out.put("risk", p.risk());
        out.put("repo", p.repo());
        out.put("target", p.target());
        out.put("status", p.status());
        out.put("valid", p.valid());
        out.put("approvable", item.approvable());
        out.put("stale", item.change() != null && item.change().stale());
        out.put("problem", item.problem());
        out.put("file", p.file().toString());
        out.put("digest", p.digest());
        out.put("shortDigest", p.shortDigest());
        out.put("tampered", p.isTampered());
        if (p.isTampered()) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("fileStatus", p.tampered().fileStatus());
            t.put("decidedDigest", p.tampered().decidedDigest());
            t.put("changes", p.tampered().changes());
            t.put("diff", p.tampered().diff());
            out.put("tampering", t);
        }
        return out;
    }

    static final String DIGEST_HELP = "The digest of the proposal you decide, as 'proposals show' or 'list --json' "
            + "gave it (sha256: and at least 12 hex digits). Without it, the one the console last showed or listed; "
            + "refused when the file was rewritten since.";

    static final String BY_HELP = "Who decides (default: the workspace's \"reviewer\", else your user name).";

    /** The summary with the trust dial's level for the proposal and why. */
    static Map<String, Object> summary(ReviewService.Item item, Policy.Applying applying) {
        Map<String, Object> out = summary(item);
        out.put("policy", applying.level().key());
        out.put("policyReason", applying.reason());
        return out;
    }

    abstract static class Base extends WorkspaceCommand {
        ReviewService review;
        PolicyService policy;
        private Workspace workspace;
        /** The workspace's services while the command runs (its index is opened only if a command needs it). */
        WorkspaceServices svc;

        @Override
        Integer run() {
            workspace = cli.workspace();
            try (WorkspaceServices wired = cli.services(workspace)) {
                svc = wired;
                review = svc.review();
                policy = svc.policy();
                return execute();
            }
        }

        Workspace workspace() {
            return workspace;
        }

        /**
         * What the decision is about: the snapshot {@code --digest} names, else the one the console last showed or
         * listed for this id (a file rewritten since is refused: "rewritten since you saw it").
         */
        Seen seen(String id, String digest) {
            if (digest == null) {
                return review.lastShown(id);
            }
            String bad = Snapshot.malformed(digest);
            if (bad != null) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option "
                        + "'--digest': " + PlainText.shown(digest) + " — " + bad + ".");
            }
            return review.given(id, digest);
        }

        /** {@code --by}, else the workspace's reviewer, else the user name. */
        String reviewer(String by) {
            return by != null && !by.isBlank() ? by : svc.reviewer();
        }

        abstract Integer execute();
    }

    static final List<String> LIST_STATUSES = List.of("pending", "approved", "rejected", "changes_requested",
            "superseded", "reverted", "invalid");

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List proposals in the review queue's order: pending first (blocked and conflicting ones after those that can be approved), then changes requested, invalid, decided.")
    static final class ListProposals extends Base {
        @Option(names = "--status", paramLabel = "S", description = "Only this status: pending, approved, rejected, "
                + "changes_requested, superseded, reverted, invalid.")
        String status;

        @Override
        Integer run() {
            if (status != null && !LIST_STATUSES.contains(status)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option "
                        + "'--status': \"" + status + "\" is not a proposal status; use one of "
                        + String.join(", ", LIST_STATUSES) + ".");
            }
            return super.run();
        }

        @Override
        Integer execute() {
            // the window's queue: its order, its states and its words (ReviewQueue, ProposalWords)
            List<ReviewService.Item> items = ReviewQueue.ordered(review.list().stream()
                    .filter(i -> status == null || (status.equals("invalid") ? ReviewQueue.invalid(i.proposal())
                            : !ReviewQueue.invalid(i.proposal()) && status.equals(i.proposal().status())))
                    .toList(), review.decidedAt());
            StringBuilder text = new StringBuilder(Plural.of(items.size(), "proposal"));
            for (ReviewService.Item i : items) {
                Proposal p = i.proposal();
                text.append(String.format("%n  %-36s %-17s %-7s %-27s %-10s %s", p.id(), ReviewQueue.state(i),
                        p.risk() == null ? "" : p.risk(), p.valid() ? ProposalWords.group(p) : "",
                        policy.applying(p).level().key(), why(i)));
            }
            review.rememberShown(items); // a later decision without --digest decides these snapshots
            cli.print(items.stream().map(i -> summary(i, policy.applying(i.proposal()))).toList(), text.toString());
            return 0;
        }

        /** Why a row is blocked, conflicting or invalid (its state says the rest), without the refusal's frame. */
        private static String why(ReviewService.Item i) {
            if (i.problem() == null) {
                return "";
            }
            return i.problem().replaceFirst("^Proposal " + Pattern.quote(i.proposal().id()) + ": ", "")
                    .replaceFirst(" Nothing was written\\.$", "");
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Show a proposal, its diff, and the "
            + "existing lessons most like it (near-duplicates, possible contradictions).")
    static final class Show extends Base {
        @Parameters(paramLabel = "ID")
        String id;

        @Option(names = "--recall-days", defaultValue = "14", paramLabel = "N",
                converter = OptionValues.Days.class, description = "The effect on recall "
                + "replays the stories of the loops of the last N days (default 14).")
        int recallDays;

        @Option(names = "--no-similar", description = "Do not look for existing lessons like it (no index opened).")
        boolean noSimilar;

        /** "Similar lessons (by meaning, 65 % or more):" and per lesson its verdict and the two sentences. */
        static String similarText(SimilarLessons.Found found) {
            StringBuilder t = new StringBuilder("Similar lessons (by " + found.method() + ", "
                    + Math.round(found.threshold() * 100) + " % or more)" + (found.note().isEmpty() ? "" : " — "
                    + found.note()) + ":");
            if (found.matches().isEmpty()) {
                t.append("\n  none");
            }
            for (SimilarLessons.Match m : found.matches()) {
                t.append(String.format("%n  %3d %%  %s  %s (%s)%n        this proposal: %s%n        the lesson:    %s",
                        Math.round(m.similarity() * 100), m.contradiction() ? "POSSIBLE CONTRADICTION" : "near-duplicate",
                        m.title(), m.id(), m.sentence(), m.lessonSentence()));
            }
            return t.toString();
        }

        @Override
        Integer execute() {
            ReviewService.Item item = review.find(id);
            Policy.Applying applying = policy.applying(item.proposal());
            Map<String, Object> out = summary(item, applying);
            String diff = item.change() == null ? "" : TextDiff.unified(item.change().path(), item.change().before(),
                    item.change().after());
            String conflictText = ""; // shown instead of the diff: approving a conflict writes nothing
            if (item.change() != null && item.change().conflicted()) {
                // approving writes nothing: what the proposal would change is its change as written, on its base
                String intended = TextDiff.unified(item.change().path(), item.change().baseText(),
                        item.change().intended());
                out.put("intendedDiff", intended);
                String base = item.proposal().base() == null ? "" : " " + item.proposal().base().strip();
                conflictText = "conflict: approving writes nothing; the proposal's change as written, on its base" + base
                        + " — not on the target now (the conflicting lines follow it):\n" + intended + "\n";
            }
            DecisionRecord record = review.record(item.proposal());
            String recordText = "";
            if (record != null) {
                Map<String, Object> decided = new LinkedHashMap<>();
                decided.put("status", record.status());
                decided.put("by", record.by());
                decided.put("at", record.at());
                decided.put("reason", record.why());
                decided.put("commit", record.commit());
                decided.put("branch", record.branch());
                decided.put("editedBy", record.editedBy());
                decided.put("diffAsCommitted", record.asCommitted());
                decided.put("note", record.note());
                decided.put("decidedElsewhere", record.elsewhere());
                out.put("decision", decided);
                recordText = "\ndecided: " + record.summary()
                        + (record.why() == null ? "" : "\n" + ("changes_requested".equals(record.status())
                        ? "feedback: " : "reason: ") + record.why())
                        + (record.commit() == null ? "" : "\ncommit: " + record.commit()
                        + (record.branch() == null ? "" : " on " + record.branch()))
                        + (record.editedBy() == null ? "" : "\nedited by: " + record.editedBy())
                        + (item.change() == null && record.note() != null ? "\n" + record.note() : "")
                        + (item.change() == null && record.asCommitted() ? "\nthe change as committed:" : "");
                if (item.change() == null && record.hasChange()) {
                    diff = TextDiff.unified(record.path(), record.change()); // the window's line numbers
                }
            }
            String effectText = "";
            if (item.change() != null) {
                Map<String, Object> effect = new LinkedHashMap<>();
                try {
                    RecallEffect.Effect e = policy.recallEffect(item.proposal().id(), recallDays);
                    effect.put("summary", e.summary());
                    effect.put("documents", e.documents());
                    effect.put("note", e.note());
                    effect.put("days", e.days());
                    effect.put("stories", e.stories());
                    effect.put("storiesChanged", e.storiesChanged());
                    effect.put("budgets", e.budgets());
                    effect.put("notReplayed", e.notReplayed());
                    effect.put("changes", e.changes());
                    effect.put("problems", e.problems());
                    StringBuilder t = new StringBuilder("\neffect on recall: " + e.summary());
                    e.changes().stream().limit(20).forEach(c -> t.append("\n  ").append(c.line()));
                    if (e.changes().size() > 20) {
                        t.append("\n  … and ").append(e.changes().size() - 20).append(" more (--json lists them all)");
                    }
                    effectText = t.toString();
                } catch (ConsoleException notComputed) {
                    effect.put("summary", "not computed: " + notComputed.getMessage());
                    effectText = "\neffect on recall: not computed: " + notComputed.getMessage();
                }
                out.put("recallEffect", effect);
            }
            out.put("rationale", item.proposal().rationale());
            out.put("evidence", item.proposal().evidence());
            out.put("diff", diff);
            if (item.change() != null) {
                out.put("conflicts", item.change().conflicts());
            }
            review.rememberShown(List.of(item)); // a later decision without --digest decides this snapshot
            Optional<CapReview> cap = review.capReview(item);
            out.put("cap", CapLines.json(cap));
            String text = heading(item)
                    + "\nfile: " + item.proposal().file()
                    + (item.proposal().digest() == null ? "" : "\ndigest: " + item.proposal().shortDigest()
                    + " (decide with --digest " + item.proposal().shortDigest() + ")")
                    + tamperedText(item.proposal())
                    + "\npolicy: " + applying
                    + effectText + CapLines.text(cap)
                    + recordText
                    + (item.problem() == null ? "" : "\nproblem: " + item.problem())
                    + "\n\n" + (item.proposal().rationale() == null ? "" : item.proposal().rationale().strip() + "\n\n")
                    + (conflictText.isEmpty() ? diff : conflictText) + (item.change() == null ? "" : String.join("\n", item.change().conflicts()));
            if (!noSimilar && item.proposal().valid()) {
                SimilarLessons.Found found;
                found = svc.similarLessons().forProposal(item);
                out.put("similarLessons", found);
                text = text.stripTrailing() + "\n\n" + similarText(found);
            }
            cli.print(out, text.stripTrailing());
            return 0;
        }
    }

    /** What changed in a decided proposal's file since the console decided it, or "". */
    static String tamperedText(Proposal p) {
        if (!p.isTampered()) {
            return "";
        }
        return "\nTAMPERED: " + p.tampered().summary(p.status()) + "\n  "
                + String.join("\n  ", p.tampered().changes())
                + (p.tampered().diff().isEmpty() ? "" : "\n" + p.tampered().diff().stripTrailing());
    }

    /**
     * What the window's heading and queue say of a proposal: "id — target", then its state, its group in words and
     * its risk ("blocked · dream · skill amendment · risk medium"); what a file does not give is left out, never "null".
     */
    static String heading(ReviewService.Item item) {
        Proposal p = item.proposal();
        String what = p.valid() ? ProposalWords.group(p) : p.kind() == null ? "" : "kind " + p.kind();
        return p.id() + (p.target() == null ? "" : " — " + p.target())
                + "\n" + ReviewQueue.state(item) + (what.isEmpty() ? "" : " · " + what)
                + (p.risk() == null ? "" : " · risk " + p.risk());
    }

    @Command(name = "approve", mixinStandardHelpOptions = true, description = "Approve: commit the change to the review branch.")
    static final class Approve extends Base {
        @Parameters(paramLabel = "ID")
        String id;

        @Option(names = "--by", paramLabel = "NAME", description = BY_HELP)
        String by;

        @Option(names = "--digest", paramLabel = "SHA256", description = DIGEST_HELP)
        String digest;

        @Override
        Integer execute() {
            ReviewService.Decision d = review.approve(id, reviewer(by), null, seen(id, digest));
            cli.print(d, d.message());
            return 0;
        }
    }

    @Command(name = "reject", mixinStandardHelpOptions = true, description = "Reject with a reason; nothing is committed.")
    static final class Reject extends Base {
        @Parameters(paramLabel = "ID")
        String id;

        @Option(names = "--by", paramLabel = "NAME", description = BY_HELP)
        String by;

        @Option(names = {"--reason", "--why"}, required = true, paramLabel = "REASON",
                description = "Why it is rejected; recorded in the proposal file and the decision log.")
        String reason;

        @Option(names = "--digest", paramLabel = "SHA256", description = DIGEST_HELP)
        String digest;

        @Override
        Integer execute() {
            ReviewService.Decision d = review.reject(id, reviewer(by), reason, seen(id, digest));
            cli.print(d, d.message());
            return 0;
        }
    }

    @Command(name = "request-changes", mixinStandardHelpOptions = true, description = "Send back with feedback.")
    static final class RequestChanges extends Base {
        @Parameters(paramLabel = "ID")
        String id;

        @Option(names = "--by", paramLabel = "NAME", description = BY_HELP)
        String by;

        @Option(names = "--feedback", required = true, paramLabel = "F",
                description = "What the author should change; recorded in the proposal file and the decision log.")
        String feedback;

        @Option(names = "--digest", paramLabel = "SHA256", description = DIGEST_HELP)
        String digest;

        @Override
        Integer execute() {
            ReviewService.Decision d = review.requestChanges(id, reviewer(by), feedback, seen(id, digest));
            cli.print(d, d.message());
            return 0;
        }
    }

}
