package services.amendments;

import static services.amendments.AmendmentsService.abbreviate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.amendments.AmendmentHistory.Prepared;
import services.amendments.AmendmentHistory.RevertStep;
import services.amendments.AmendmentsService.Amendment;
import services.amendments.AmendmentsService.Status;
import services.audit.DecisionLog;
import services.text.PlainText;
import services.workspace.Workspace;

/**
 * Reverting every amendment one dream or retro run applied (the same {@code cycle} in the dream log), in one action
 * with one record. All or nothing: every revert is written in-core first, newest first on its branch; when one cannot
 * be made (a conflict with later changes) no branch moves and the refusal names it and why. Then each intent is
 * written ahead ({@code revert.begun}), the branches move, and one line in the decisions log
 * ({@code action: revert.run}) and one in the dream log (one {@code reverted} output per amendment) record it.
 */
final class RunReverts {

    /** The longest reason kept. */
    static final int MAX_REASON = 2_000;

    private final AmendmentReverts.Parts parts;
    private final AmendmentReverts reverts;
    private final RevertIntents intents;

    RunReverts(AmendmentReverts reverts) {
        this.parts = reverts.parts();
        this.reverts = reverts;
        this.intents = new RevertIntents(parts.decisions(), parts.dreamLog(), parts.clock());
    }

    /** The amendments run {@code run} applied, newest first; refuses a run with none. */
    List<Amendment> of(String run) {
        requireRun(run);
        return ofRun(parts.amendments().get(), run);
    }

    AmendmentsService.RunReverted revert(String run, String by, String reason) {
        refuseWhenClosed();
        requireRun(run);
        require(by, "--by", "Reverting a run needs the reviewer's name (--by).", 200);
        require(reason, "--reason", "Reverting a run needs a reason (--reason).", MAX_REASON);
        return parts.lock().run(() -> {
            reverts.recoverLocked(by);
            List<Amendment> all = ofRun(parts.amendments().get(), run);
            List<Amendment> chosen = new ArrayList<>();
            List<RevertReport.LeftOut> leftOut = new ArrayList<>();
            for (Amendment a : all) {
                if (a.status() == Status.LEFT_ALONE || a.status() == Status.COMMIT_MISSING) {
                    throw new AmendmentException("Run " + PlainText.shown(run) + " cannot be reverted as a whole: "
                            + "amendment " + a.id() + " (" + abbreviate(a.sha()) + ") is " + a.label() + " — "
                            + a.note() + ". Nothing was reverted.");
                }
                if (a.status() == Status.REVERTED) {
                    leftOut.add(new RevertReport.LeftOut(a.sha(), a.id(), "already reverted by "
                            + abbreviate(a.revertedBy())));
                } else {
                    chosen.add(a);
                }
            }
            if (chosen.isEmpty()) {
                throw new AmendmentException("Every amendment of run " + PlainText.shown(run) + " is already "
                        + "reverted; nothing was reverted.");
            }
            Map<String, List<Amendment>> groups = new LinkedHashMap<>();
            chosen.forEach(a -> groups.computeIfAbsent(a.repo() + "\n" + a.branch(), k -> new ArrayList<>()).add(a));
            List<Planned> planned = new ArrayList<>();
            for (List<Amendment> group : groups.values()) {
                Amendment first = group.get(0);
                try (AmendmentHistory history = parts.histories().apply(parts.roots().apply(first.repo()))) {
                    List<Amendment> newest = newestFirst(history, group);
                    try {
                        planned.add(new Planned(first.repo(), history.prepareReverts(first.branch(), newest.stream()
                                .map(a -> new RevertStep(a.sha(), message(a, run, by, reason))).toList(), by), newest));
                    } catch (AmendmentException e) {
                        throw new AmendmentException("Run " + PlainText.shown(run) + " was not reverted: "
                                + e.getMessage().replace("Nothing was reverted.", "").strip() + " Nothing was "
                                + "committed: a run is reverted whole or not at all.", e.paths());
                    }
                }
            }
            List<String> begun = new ArrayList<>();
            for (Planned p : planned) {
                for (Amendment a : p.newest()) {
                    try {
                        begun.add(intents.begin(a, by));
                    } catch (RuntimeException e) {
                        throw new AmendmentException("Cannot record the revert of run " + PlainText.shown(run)
                                + " before making it: " + e.getMessage() + ". Nothing was reverted.");
                    }
                }
            }
            move(planned, run);
            List<AmendmentsService.Reverted> done = new ArrayList<>();
            for (Planned p : planned) {
                for (int i = 0; i < p.newest().size(); i++) {
                    Amendment a = p.newest().get(i);
                    done.add(new AmendmentsService.Reverted(a.sha(), p.prepared().commits().get(i), a.branch(),
                            a.repo(), a.id()));
                }
            }
            record(run, by, reason, begun, done, leftOut);
            return new AmendmentsService.RunReverted(run, done, leftOut);
        });
    }

    /** The reverts of one repository's branch, prepared: its amendments newest first, and the commits written. */
    private record Planned(String repo, Prepared prepared, List<Amendment> newest) {
    }

    /** Moves every branch; when one cannot move, those moved are put back, and nothing is reverted. */
    private void move(List<Planned> planned, String run) {
        List<Planned> moved = new ArrayList<>();
        for (Planned p : planned) {
            try (AmendmentHistory history = parts.histories().apply(parts.roots().apply(p.repo()))) {
                history.move(p.prepared().branch(), p.prepared().oldTip(), p.prepared().newTip());
                moved.add(p);
            } catch (AmendmentException e) {
                for (Planned back : moved) {
                    try (AmendmentHistory history = parts.histories().apply(parts.roots().apply(back.repo()))) {
                        history.move(back.prepared().branch(), back.prepared().newTip(), back.prepared().oldTip());
                    }
                }
                throw new AmendmentException("Run " + PlainText.shown(run) + " was not reverted: " + e.getMessage());
            }
        }
    }

    /**
     * The one record: a {@code revert.run} line in the decisions log closing every intent, and one dream-log line
     * with a {@code reverted} output per amendment. When they cannot be written the reverts stand (they are
     * committed), the error says so, and the next run records them amendment by amendment from their intents.
     */
    private void record(String run, String by, String reason, List<String> begun,
                        List<AmendmentsService.Reverted> done, List<RevertReport.LeftOut> leftOut) {
        try {
            ObjectNode line = DecisionLog.entry();
            line.put("ts", parts.clock().instant().toString());
            line.put("cycle", run);
            line.put("trigger", "console");
            ArrayNode outputs = line.putArray("outputs");
            ObjectNode entry = DecisionLog.entry();
            entry.put("ts", parts.clock().instant().toString());
            entry.put("by", by);
            entry.put("action", "revert.run");
            entry.put("run", run);
            entry.put("reason", reason);
            begun.forEach(entry.putArray("intents")::add);
            ArrayNode reverted = entry.putArray("reverted");
            List<Amendment> all = parts.amendments().get();
            for (AmendmentsService.Reverted r : done) {
                Amendment a = all.stream().filter(x -> x.sha().equals(r.sha())).findFirst().orElse(null);
                ObjectNode o = outputs.addObject();
                o.put("id", r.id());
                o.put("kind", a == null ? "" : a.kind());
                o.put("risk", a == null ? "" : a.risk());
                o.put("target", a == null ? "" : a.target());
                o.put("action", "reverted");
                o.put("sha", r.revertSha());
                o.put("reverts", r.sha());
                o.put("branch", r.branch());
                o.put("by", by);
                o.put("reason", reason);
                reverted.addObject().put("amendment", r.id()).put("reverts", r.sha()).put("commit", r.revertSha())
                        .put("branch", r.branch()).put("repo", r.repo());
            }
            ArrayNode left = entry.putArray("leftOut");
            leftOut.forEach(l -> left.addObject().put("amendment", l.id()).put("sha", l.sha()).put("why", l.why()));
            parts.dreamLog().append(line);
            parts.decisions().append(entry);
        } catch (RuntimeException e) {
            throw new AmendmentReverts.Unrecorded("Reverted run " + PlainText.shown(run) + " (" + String.join(", ",
                    done.stream().map(d -> abbreviate(d.sha()) + " → " + abbreviate(d.revertSha())).toList())
                    + "), but the revert could not be recorded: " + e.getMessage() + ". The reverts ARE committed; "
                    + "their intents are in " + parts.decisions().file() + ", and the console records them the next "
                    + "time it opens the amendments and the log can be written.");
        }
    }

    /** Newest first by the branch's history (amendments of one run often share one log line and one second). */
    private static List<Amendment> newestFirst(AmendmentHistory history, List<Amendment> group) {
        List<String> order = history.newestFirst(group.get(0).branch(), group.stream().map(Amendment::sha).toList());
        List<Amendment> out = new ArrayList<>();
        order.forEach(sha -> group.stream().filter(a -> a.sha().equals(sha)).findFirst().ifPresent(out::add));
        group.stream().filter(a -> !out.contains(a)).forEach(out::add); // not on the branch: refused when prepared
        return out;
    }

    /** Every value from the dream log is kept on its line: none can add a trailer. */
    private static String message(Amendment a, String run, String by, String reason) {
        return "Revert " + PlainText.oneLine(a.kind()) + ": " + PlainText.oneLine(a.target()) + "\n\nReverts dream "
                + "amendment " + PlainText.oneLine(a.id()) + " of run " + PlainText.oneLine(run) + ", with the rest "
                + "of the run: " + PlainText.oneLine(reason) + "\n\nReverts: " + a.sha() + "\nReverted-By: "
                + PlainText.oneLine(by) + "\nProposal-Id: " + PlainText.oneLine(a.id()) + "\nRun: "
                + PlainText.oneLine(run) + "\n";
    }

    /** The amendments of {@code run} (its {@code cycle}, exactly); refuses, naming the runs there are, when none. */
    private List<Amendment> ofRun(List<Amendment> all, String run) {
        List<Amendment> of = all.stream().filter(a -> run.equals(a.cycle())).toList();
        if (of.isEmpty()) {
            List<String> runs = all.stream().map(Amendment::cycle).filter(c -> c != null && !c.isEmpty()).distinct()
                    .limit(8).toList();
            throw new AmendmentException("No amendment applied by run " + PlainText.shown(run) + " in "
                    + parts.dreamLog().file() + (runs.isEmpty() ? "." : " (runs with amendments: "
                    + String.join(", ", runs) + ")."));
        }
        return of;
    }

    private static void requireRun(String run) {
        if (run == null || run.isBlank()) {
            throw new AmendmentException("Name the run to revert (--run RUN_ID, its cycle in the dream log).");
        }
        PlainText.problem(run).ifPresent(why -> {
            throw new AmendmentException("--run: " + PlainText.shown(run) + " has " + why + "; a run id is one line "
                    + "of text. Nothing was reverted.");
        });
    }

    private static void require(String value, String flag, String missing, int max) {
        if (value == null || value.isBlank()) {
            throw new AmendmentException(missing);
        }
        PlainText.problem(value).ifPresent(why -> {
            throw new AmendmentException(flag + ": " + PlainText.shown(value.length() > 80 ? value.substring(0, 80)
                    + "…" : value) + " has " + why + "; give one line of text. Nothing was reverted.");
        });
        if (value.length() > max) {
            throw new AmendmentException(flag + " is " + value.length() + " characters long; at most " + max
                    + ". Nothing was reverted.");
        }
    }

    /** Refused in words when the workspace is read-only or its policy frozen (workspace.json {@code policy.frozen}). */
    private void refuseWhenClosed() {
        if (parts.ws().readOnly()) {
            throw new AmendmentException("Workspace " + parts.ws().name() + " is read-only: reverts are disabled.");
        }
        if (frozen()) {
            throw new AmendmentException("Workspace " + parts.ws().name()
                    + " is frozen (workspace.json policy.frozen): nothing is changed until it is unfrozen "
                    + "(policy unfreeze). Nothing was reverted.");
        }
    }

    private boolean frozen() {
        try {
            Path file = parts.ws().dir().resolve(Workspace.FILE_NAME);
            JsonNode root = new ObjectMapper().readTree(Files.readAllBytes(file));
            return root != null && root.path("policy").path("frozen").asBoolean(false);
        } catch (IOException e) {
            return false;
        }
    }
}
