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
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import services.amendments.AmendmentsService.Amendment;
import services.amendments.AmendmentsService.Reverted;
import services.amendments.AmendmentsService.Status;
import services.audit.DecisionLock;
import services.audit.DecisionLog;
import services.text.PlainText;
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
    private final RevertIntents intents;
    private Consumer<String> steps = step -> { };

    /** What a revert works with, shared with {@link RunReverts}. */
    record Parts(Workspace ws, Clock clock, Function<Path, AmendmentHistory> histories, Function<String, Path> roots,
                 Supplier<List<Amendment>> amendments, DecisionLog dreamLog, DecisionLog decisions,
                 DecisionLock lock) {
    }

    private final Parts parts;

    AmendmentReverts(Parts parts) {
        this.parts = parts;
        this.ws = parts.ws();
        this.clock = parts.clock();
        this.histories = parts.histories();
        this.roots = parts.roots();
        this.amendments = parts.amendments();
        this.dreamLog = parts.dreamLog();
        this.decisions = parts.decisions();
        this.lock = parts.lock();
        this.intents = new RevertIntents(decisions, dreamLog, clock);
    }

    Parts parts() {
        return parts;
    }

    /** Fault-injection seam for the crash tests: told "begun" (intent written), "committed", "recorded" per revert. */
    void onStep(Consumer<String> steps) {
        this.steps = steps;
    }

    /** Reconciles the reverts a crash or a failed write cut short (see {@link RevertIntents}); run under the lock. */
    RevertIntents.Recovery recoverLocked(String finishedBy) {
        return intents.recover(roots, histories, finishedBy);
    }

    /** {@link #recoverLocked}, taking the decision lock. */
    RevertIntents.Recovery recover(String finishedBy) {
        return lock.run(() -> recoverLocked(finishedBy));
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
            RevertIntents.Recovery recovered = recoverLocked(by);
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
                String unrecorded = recovered.unrecorded().get(a.sha());
                String refusal = a.status() == Status.REVERTED ? "Amendment " + abbreviate(a.sha()) + " (" + a.id()
                        + ") is already reverted by " + abbreviate(a.revertedBy()) + (unrecorded != null ? ", a revert "
                        + "not yet recorded in the logs (" + unrecorded + "; the next run records it)" : "")
                        + "; nothing was committed."
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
                if (a.status() == Status.LEFT_ALONE) { // not the dream's own amendment: the whole request is refused
                    throw new AmendmentException("Amendment " + a.id() + " (" + abbreviate(a.sha()) + " on " + a.branch()
                            + "): " + a.note() + ". Nothing was reverted.", a.note().contains("besides its target")
                            ? otherPaths(a) : List.of());
                }
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
                    String intent = begin(a, by);
                    steps.accept("begun");
                    String revert = history.revert(a.branch(), a.sha(), message(a, by), by);
                    steps.accept("committed");
                    record(a, intent, revert);
                    steps.accept("recorded");
                    done.add(new Reverted(a.sha(), revert, a.branch(), a.repo(), a.id()));
                } catch (AmendmentException e) {
                    if (e instanceof Unrecorded) { // committed: never reported as "not reverted"
                        throw new Unrecorded(e.getMessage() + (done.isEmpty() ? "" : " Also reverted in this request: "
                                + String.join(", ", done.stream().map(d -> abbreviate(d.sha()) + " → "
                                + abbreviate(d.revertSha())).toList()) + "."));
                    }
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

    /** Every value from the dream log is kept on its line: none can add a trailer. */
    private static String message(Amendment a, String by) {
        return "Revert " + PlainText.oneLine(a.kind()) + ": " + PlainText.oneLine(a.target()) + "\n\nReverts dream "
                + "amendment " + PlainText.oneLine(a.id()) + " of cycle " + PlainText.oneLine(a.cycle()) + ".\n\nReverts: "
                + a.sha() + "\nReverted-By: " + PlainText.oneLine(by) + "\nProposal-Id: " + PlainText.oneLine(a.id()) + "\n";
    }

    /** The intent, before anything is committed: a log that cannot be written refuses the revert. */
    private String begin(Amendment a, String by) {
        try {
            return intents.begin(a, by);
        } catch (RuntimeException e) {
            throw new AmendmentException("Cannot record the revert of " + a.id() + " (" + abbreviate(a.sha()) + ") before "
                    + "making it: " + e.getMessage() + ". Nothing was reverted.");
        }
    }

    /**
     * The revert's lines in the dream log and the decisions log. When they cannot be written, the revert is committed
     * all the same: the error says so, with its commit, and the next run records it from the intent.
     */
    private void record(Amendment a, String intent, String revert) {
        try {
            intents.finish(intents.intent(intent), revert, null);
        } catch (RuntimeException e) {
            throw new Unrecorded("Reverted " + a.id() + " (" + abbreviate(a.sha()) + ") as commit " + revert
                    + " on " + a.branch() + " in the " + a.repo() + " repo, but the revert could not be recorded: "
                    + e.getMessage() + ". The revert IS committed; its intent is in " + decisions.file() + ", and the "
                    + "console records it in " + dreamLog.file().getFileName() + " the next time it opens the amendments "
                    + "and the log can be written.");
        }
    }

    /** The files an amendment's commit changes besides its target. */
    private List<String> otherPaths(Amendment a) {
        try (AmendmentHistory history = histories.apply(root(a.repo()))) {
            return history.commit(a.sha()).map(AmendmentHistory.CommitInfo::paths).orElse(List.of()).stream()
                    .filter(p -> !p.equals(a.target())).toList();
        }
    }

    private Path root(String repo) {
        return roots.apply(repo);
    }

    /** A revert committed whose lines could not be written: the request stops here, saying what was done. */
    static final class Unrecorded extends AmendmentException {
        Unrecorded(String message) {
            super(message);
        }
    }
}
