package services.amendments;

import static services.amendments.AmendmentsService.abbreviate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import services.amendments.AmendmentsService.Amendment;
import services.amendments.AmendmentsService.Reverted;
import services.amendments.AmendmentsService.Status;
import services.audit.DecisionLock;
import services.audit.DecisionLog;
import services.audit.DreamRevert;
import services.audit.PlainText;
import services.workspace.Workspace;

/**
 * Reverting amendments, for {@link AmendmentsService}: the checks (the commit is the amendment's own), the revert
 * commits newest first, and their lines in the dream log and the decisions log — all under the decision lock.
 */
final class AmendmentReverts {

    private final Workspace ws;
    private final Clock clock;
    private final Function<Path, AmendmentHistory> histories;
    private final Function<String, Path> roots;
    private final Supplier<List<Amendment>> amendments;
    private final DecisionLog dreamLog;
    private final DecisionLog decisions;
    private final DecisionLock lock;

    AmendmentReverts(Workspace ws, Clock clock, Function<Path, AmendmentHistory> histories, Function<String, Path> roots,
                     Supplier<List<Amendment>> amendments, DecisionLog dreamLog, DecisionLog decisions, DecisionLock lock) {
        this.ws = ws;
        this.clock = clock;
        this.histories = histories;
        this.roots = roots;
        this.amendments = amendments;
        this.dreamLog = dreamLog;
        this.decisions = decisions;
        this.lock = lock;
    }

    /**
     * Reverts these amendments; {@code whole}: one already reverted or missing refuses the request, else it is left
     * out (see {@link AmendmentsService#revertWhatCan}).
     */
    RevertReport revert(List<String> shas, String by, boolean whole) {
        if (ws.readOnly()) {
            throw new AmendmentException("Workspace " + ws.name() + " is read-only: reverts are disabled.");
        }
        if (by == null || by.isBlank()) {
            throw new AmendmentException("Reverting needs the reviewer's name (--by).");
        }
        PlainText.problem(by).ifPresent(why -> {
            throw new AmendmentException("--by: the name " + PlainText.shown(by) + " has " + why + "; a name is one line "
                    + "of text. Nothing was reverted.");
        });
        if (shas.isEmpty()) {
            throw new AmendmentException("Nothing to revert: name at least one amendment commit.");
        }
        return lock.run(() -> {
            List<Amendment> all = amendments.get();
            List<Amendment> chosen = new ArrayList<>();
            List<RevertReport.LeftOut> leftOut = new ArrayList<>();
            List<String> refusals = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (String sha : shas) {
                Amendment a = ShaPrefix.find(all, sha, dreamLog.file());
                if (!seen.add(a.sha())) {
                    continue; // named twice (a prefix and the whole sha): reverted once
                }
                String refusal = a.status() == Status.REVERTED ? "Amendment " + abbreviate(a.sha()) + " (" + a.id()
                        + ") is already reverted by " + abbreviate(a.revertedBy()) + "; nothing was committed."
                        : a.status() == Status.COMMIT_MISSING ? "Amendment " + a.id() + ": " + a.note()
                        + "; nothing to revert." : null;
                if (refusal != null) {
                    if (whole) {
                        throw new AmendmentException(refusal);
                    }
                    refusals.add(refusal);
                    leftOut.add(new RevertReport.LeftOut(a.sha(), a.id(), a.status() == Status.REVERTED
                            ? "already reverted by " + abbreviate(a.revertedBy()) : "missing its commit (" + a.note()
                            + ")"));
                    continue;
                }
                requireOwnCommit(a);
                chosen.add(a);
            }
            if (chosen.isEmpty()) {
                throw new AmendmentException(refusals.size() == 1 ? refusals.get(0) : "Nothing was reverted: "
                        + String.join("; ", leftOut.stream().map(l -> l.id() + " is " + l.why()).toList()) + ".");
            }
            chosen.sort(Comparator.comparing(Amendment::at, Comparator.nullsLast(Comparator.reverseOrder())));
            List<Reverted> done = new ArrayList<>();
            AmendmentException failed = null;
            for (Amendment a : chosen) {
                try (AmendmentHistory history = histories.apply(root(a.repo()))) {
                    String revert = history.revert(a.branch(), a.sha(), message(a, by), by);
                    record(a, revert, by);
                    done.add(new Reverted(a.sha(), revert, a.branch(), a.repo(), a.id()));
                } catch (AmendmentException e) {
                    if (whole && !done.isEmpty()) {
                        throw new AmendmentException(e.getMessage() + " Already reverted in this request: "
                                + String.join(", ", done.stream().map(d -> abbreviate(d.sha())).toList()) + ".", e.paths());
                    }
                    if (whole || chosen.size() == 1 && leftOut.isEmpty()) {
                        throw e;
                    }
                    failed = e;
                    leftOut.add(new RevertReport.LeftOut(a.sha(), a.id(), e.getMessage()));
                }
            }
            if (done.isEmpty()) {
                throw new AmendmentException("Nothing was reverted: " + String.join(" ", leftOut.stream()
                        .map(l -> l.id() + " — " + l.why()).toList()), failed == null ? List.of() : failed.paths());
            }
            return new RevertReport(done, leftOut);
        });
    }

    /**
     * The dream log is an agent's: the commit it names must be an amendment of the dream's own branch that changes
     * its target and nothing else — never a commit of the review branch (a person's approval), or one that also changes
     * other files (reverting it would delete or undo them). A commit the branch does not hold, or a merge, is refused by
     * {@link AmendmentHistory#revert}.
     */
    private void requireOwnCommit(Amendment a) {
        String refused = "Amendment " + a.id() + " (" + abbreviate(a.sha()) + " on " + a.branch() + ")";
        if (a.branch().equals(ws.reviewBranch())) {
            throw new AmendmentException(refused + ": " + a.branch() + " is the review branch, where people's approvals "
                    + "are committed; a dream amendment is never there. Nothing was reverted.");
        }
        try (AmendmentHistory history = histories.apply(root(a.repo()))) {
            List<String> paths = history.commit(a.sha()).map(AmendmentHistory.CommitInfo::paths).orElse(List.of());
            List<String> others = paths.stream().filter(p -> !p.equals(a.target())).toList();
            if (!others.isEmpty()) {
                throw new AmendmentException(refused + ": the commit changes " + (others.size() == 1 ? "a file" : others.size()
                        + " files") + " besides its target " + PlainText.shown(a.target()) + " (" + String.join(", ",
                        others.stream().limit(5).toList()) + (others.size() > 5 ? ", …" : "") + "); reverting it would undo "
                        + "them too. Nothing was reverted.", others);
            }
        }
    }

    /** Every value from the dream log is kept on its line: none can add a trailer. */
    private static String message(Amendment a, String by) {
        return "Revert " + PlainText.oneLine(a.kind()) + ": " + PlainText.oneLine(a.target()) + "\n\nReverts dream "
                + "amendment " + PlainText.oneLine(a.id()) + " of cycle " + PlainText.oneLine(a.cycle()) + ".\n\nReverts: "
                + a.sha() + "\nReverted-By: " + PlainText.oneLine(by) + "\nProposal-Id: " + PlainText.oneLine(a.id()) + "\n";
    }

    private void record(Amendment a, String revert, String by) {
        dreamLog.append(new DreamRevert(a.cycle(), a.id(), a.kind(), a.risk(), a.target(), revert, a.sha(),
                a.branch(), by, null).line(clock.instant()));
        ObjectNode entry = DecisionLog.entry();
        entry.put("ts", clock.instant().toString());
        entry.put("by", by);
        entry.put("action", "revert");
        entry.put("amendment", a.id());
        entry.put("reverts", a.sha());
        entry.put("commit", revert);
        entry.put("branch", a.branch());
        entry.put("target", a.target());
        decisions.append(entry);
    }

    private Path root(String repo) {
        return roots.apply(repo);
    }
}
