package services.review;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import services.text.PlainText;
import services.audit.DecisionLog;
import services.errors.ConsoleException;

/**
 * A decided status in a proposal file is a claim: agents write these files, and only the console decides. A proposal
 * is approved, rejected, sent back or reverted only when the console recorded that decision — a line of its decision
 * log for this id and target ({@code state/decisions.jsonl}; for the demo workspace, the decisions it was written with,
 * {@code state/demo-decisions.jsonl}), or, for an approval whose log line a crash cut short, its own approval commit;
 * for a revert whose log line a crash cut short, the logged approval and the console's revert of exactly that
 * approval's commit on the review branch ({@link RevertCommits}) — a logged approval alone never makes it reverted.
 * A claim nothing backs is listed as an invalid pending proposal that says why; it is never shown as decided.
 */
final class DecisionClaims {

    /** The file the demo workspace records the decisions it was written with (never appended to by a decision). */
    static final String DEMO_DECISIONS = "demo-decisions.jsonl";

    /** The decision-log actions that make each status; a revert is recorded last, after its approval. */
    private static final Map<String, Set<String>> ACTIONS = Map.of(
            "approved", Set.of("approve"),
            "rejected", Set.of("reject"),
            "changes_requested", Set.of("request_changes"),
            "reverted", Set.of("policy.revert", "revert"));

    /** Every decision-log action that decides a proposal (what the queue's decided order is dated by). */
    static final Set<String> DECIDING = ACTIONS.values().stream().flatMap(Set::stream)
            .collect(Collectors.toUnmodifiableSet());

    /** The statuses a decision leaves for good: the proposal is never open again, whatever its file says. */
    private static final Set<String> FINAL = Set.of("approved", "rejected", "reverted");

    private static final Map<String, String> NOUNS = Map.of("approved", "approval", "rejected", "rejection",
            "changes_requested", "request for changes", "reverted", "revert");

    private final List<DecisionLog> logs;
    private final Predicate<Proposal> approvalCommitted;
    private final BiPredicate<Proposal, String> revertCommitted;
    private final String reviewBranch;
    private final BooleanSupplier settled;
    private final DecidedFiles copies;

    /**
     * @param revertCommitted whether the review branch holds the console's revert of this approval commit
     * @param settled waits for a decision in progress to finish (true when it did): a decision writes the proposal
     *                file first and its log line next, so a claim read between the two is looked at again after it
     */
    DecisionClaims(Path stateDir, Predicate<Proposal> approvalCommitted, BiPredicate<Proposal, String> revertCommitted,
                   String reviewBranch, BooleanSupplier settled) {
        this.logs = logs(stateDir);
        this.approvalCommitted = approvalCommitted;
        this.revertCommitted = revertCommitted;
        this.reviewBranch = reviewBranch;
        this.settled = settled;
        this.copies = new DecidedFiles(stateDir);
    }

    /** The logs that record the console's decisions: its own, then the demo's (written with the demo, never appended). */
    static List<DecisionLog> logs(Path stateDir) {
        return List.of(new DecisionLog(stateDir.resolve("decisions.jsonl")),
                new DecisionLog(stateDir.resolve(DEMO_DECISIONS)));
    }

    /**
     * The proposals as the console's decisions have them. An id the console approved, rejected or reverted is that,
     * whatever its file says later — a file that changed since (its status, a field, any byte) is marked tampered with
     * the difference, never pending; and a decided status that no decision of the console backs is turned into a
     * problem.
     */
    List<Proposal> checked(List<Proposal> all) {
        Logged first = read();
        Logged logged = all.stream().anyMatch(p -> doubtful(p, first)) && settled.getAsBoolean()
                ? read() // another console (or thread) was deciding: its log line may have followed the file since
                : first;
        List<Proposal> out = new ArrayList<>(all.size());
        for (Proposal p : all) {
            out.add(judged(p, logged));
        }
        return out;
    }

    /** Whether what the file says of {@code p} is not what the log says (yet). */
    private boolean doubtful(Proposal p, Logged logged) {
        return claims(p) && !backed(p, logged.entries()) || judged(p, logged).isTampered();
    }

    private Proposal judged(Proposal p, Logged logged) {
        JsonNode last = logged(p.id(), logged.entries(), DECIDING);
        String decided = last == null ? null : last.path("status").asText(null);
        if (!p.valid() && (decided == null || !FINAL.contains(decided))) {
            return p;
        }
        if (decided == null || !FINAL.contains(decided)) { // undecided, or sent back for changes: the file may change
            return claims(p) && !backed(p, logged.entries()) ? unbacked(p, logged.unreadable()) : p;
        }
        if (p.valid() && "reverted".equals(p.status()) && "approved".equals(decided) && backed(p, logged.entries())) {
            return p; // a revert whose log line a crash cut short: its commit is on the review branch
        }
        List<String> changes = new ArrayList<>();
        if (!p.valid()) { // rewritten into a file that is no proposal at all (broken YAML, an unknown kind …)
            changes.add("it is no longer a valid proposal: " + PlainText.line(p.problem(), 160));
        }
        if (!decided.equals(p.status())) {
            changes.add("status: " + decided + " → " + PlainText.line(p.status(), 60));
        }
        for (String field : List.of("kind", "risk", "target", "repo")) {
            String was = last.path(field).asText(null);
            String now = field(p, field);
            if (was != null && !was.equals(now)) {
                changes.add(field + ": " + PlainText.line(was, 120) + " → " + (now == null ? "(none)" : PlainText.line(now, 120)));
            }
        }
        String recorded = last.path("recorded").asText(null);
        boolean bytesChanged = recorded != null && p.digest() != null && !recorded.equals(p.digest());
        if (changes.isEmpty() && !bytesChanged) {
            return p.asDecided(decided, null);
        }
        if (bytesChanged && changes.isEmpty()) {
            changes.add("its bytes: " + Snapshot.shortOf(recorded) + " → " + Snapshot.shortOf(p.digest()));
        }
        String diff = bytesChanged ? copies.read(recorded).map(was -> TextDiff.unified(String.valueOf(
                p.file().getFileName()), text(was), text(p.snapshot().bytes()))).orElse("") : "";
        return p.asDecided(decided, new Tampering(p.status(), recorded, changes, diff));
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static String field(Proposal p, String field) {
        return switch (field) {
            case "kind" -> p.kind();
            case "risk" -> p.risk();
            case "target" -> p.target();
            default -> p.repo();
        };
    }

    /** The last logged decision of these actions for this id, whatever target it names, or null. */
    private static JsonNode logged(String id, List<JsonNode> entries, Set<String> actions) {
        JsonNode found = null;
        for (JsonNode e : entries) {
            if (id.equals(e.path("proposal").asText(null)) && actions.contains(e.path("action").asText())) {
                found = e;
            }
        }
        return found;
    }

    private record Logged(List<JsonNode> entries, String unreadable) { }

    private Logged read() {
        List<JsonNode> entries = new ArrayList<>();
        String unreadable = null;
        for (DecisionLog log : logs) {
            try {
                entries.addAll(log.read().entries());
            } catch (ConsoleException e) {
                unreadable = e.getMessage();
            }
        }
        return new Logged(entries, unreadable);
    }

    private static boolean claims(Proposal p) {
        return p.valid() && ACTIONS.containsKey(p.status());
    }

    private boolean backed(Proposal p, List<JsonNode> entries) {
        if (logged(p, entries, ACTIONS.get(p.status())) != null) {
            return true;
        }
        if ("reverted".equals(p.status())) { // a revert cut short before its log line: its commit must be there
            JsonNode approval = logged(p, entries, Set.of("approve"));
            String commit = approval == null ? null : approval.path("commit").asText(null);
            return commit != null && commit.matches("[0-9a-f]{40}") && revertCommitted.test(p, commit);
        }
        return "approved".equals(p.status()) && approvalCommitted.test(p);
    }

    /** The last logged decision of these actions for this proposal and target, or null. */
    private static JsonNode logged(Proposal p, List<JsonNode> entries, Set<String> actions) {
        JsonNode found = null;
        for (JsonNode e : entries) {
            if (p.id().equals(e.path("proposal").asText(null)) && actions.contains(e.path("action").asText())
                    && (!e.hasNonNull("target") || e.get("target").asText().equals(p.target()))) {
                found = e;
            }
        }
        return found;
    }

    private Proposal unbacked(Proposal p, String unreadable) {
        String why = "'status' says " + p.status() + ", but no decision of this console says so: state/decisions.jsonl "
                + "records no " + NOUNS.get(p.status()) + " of " + p.id() + " on " + p.target()
                + ("approved".equals(p.status()) ? " and " + reviewBranch + " has no approval commit for it"
                : "reverted".equals(p.status()) ? " and " + reviewBranch + " has no commit of the console reverting its "
                + "approval" : "")
                + (unreadable == null ? "" : " (" + unreadable + ")")
                + ". Only the console writes a decision into a proposal file; set 'status: pending' to put it up for review";
        return new Proposal(p.file(), p.origin(), p.id(), p.kind(), p.drift(), p.risk(), p.repo(), p.target(), p.base(),
                p.confidence(), p.evidence(), p.source(), p.created(), "pending", p.rationale(), p.patch(),
                p.proposedText(), why);
    }
}
