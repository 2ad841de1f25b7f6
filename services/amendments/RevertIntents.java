package services.amendments;

import static services.amendments.AmendmentsService.abbreviate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import services.amendments.AmendmentsService.Amendment;
import services.audit.DecisionLog;
import services.audit.DreamRevert;

/**
 * Reverts written ahead. Before a revert commit is made, its intent — who, which amendment, which commit, where — is a
 * line of the decisions log ({@code action: revert.begun}); after it, the dream log's {@code reverted} line and
 * the decision's own line (naming the same {@code intent}) are appended. A revert cut short in between (the process
 * killed, the disk full, the dream log made immutable) is reconciled by {@link #recover}: a revert commit on the branch
 * gets its missing lines; no commit means nothing was reverted, and the intent is closed as abandoned.
 */
final class RevertIntents {

    /** The reverts recovery recorded (one line each) and those it could not record yet, by the amendment's commit. */
    record Recovery(List<String> recorded, Map<String, String> unrecorded) {
    }

    private final DecisionLog decisions;
    private final DecisionLog dreamLog;
    private final Clock clock;

    RevertIntents(DecisionLog decisions, DecisionLog dreamLog, Clock clock) {
        this.decisions = decisions;
        this.dreamLog = dreamLog;
        this.clock = clock;
    }

    /** Records that {@code by} is about to revert {@code a}; returns the intent's id. Nothing is committed before it. */
    String begin(Amendment a, String by) {
        String intent = UUID.randomUUID().toString();
        ObjectNode entry = DecisionLog.entry();
        entry.put("ts", clock.instant().toString());
        entry.put("by", by);
        entry.put("action", "revert.begun");
        entry.put("intent", intent);
        entry.put("amendment", a.id());
        entry.put("reverts", a.sha());
        entry.put("branch", a.branch());
        entry.put("repo", a.repo());
        entry.put("target", a.target());
        entry.put("kind", a.kind());
        entry.put("risk", a.risk());
        entry.put("cycle", a.cycle());
        decisions.append(entry);
        return intent;
    }

    /** The revert made: the dream log's line (unless it is there already), then the decision closing the intent. */
    void finish(JsonNode intent, String revert, String finishedBy) {
        String sha = intent.path("reverts").asText();
        if (!dreamLogHas(sha, revert)) {
            dreamLog.append(new DreamRevert(intent.path("cycle").asText(), intent.path("amendment").asText(),
                    intent.path("kind").asText(), intent.path("risk").asText(), intent.path("target").asText(), revert,
                    sha, intent.path("branch").asText(), intent.path("by").asText(), null).line(clock.instant()));
        }
        ObjectNode entry = DecisionLog.entry();
        entry.put("ts", clock.instant().toString());
        entry.put("by", intent.path("by").asText());
        entry.put("action", "revert");
        entry.put("intent", intent.path("intent").asText());
        entry.put("amendment", intent.path("amendment").asText());
        entry.put("reverts", sha);
        entry.put("commit", revert);
        entry.put("branch", intent.path("branch").asText());
        entry.put("target", intent.path("target").asText());
        if (finishedBy != null) {
            entry.put("finishedBy", finishedBy);
        }
        decisions.append(entry);
    }

    /** The intent line {@link #begin} wrote, read back for {@link #finish}. */
    JsonNode intent(String id) {
        return open().stream().filter(e -> e.path("intent").asText().equals(id)).findFirst()
                .orElseThrow(() -> new AmendmentException("The record of revert " + id + " is gone from "
                        + decisions.file() + "."));
    }

    /**
     * Reconciles every revert whose intent has no closing line: its revert commit on the branch (found by its
     * {@code Reverts:} trailer) gets the lines it lacks; without one, nothing was committed and the intent is closed
     * as abandoned ({@code revert.abandoned}). A line that cannot be written yet is reported by the amendment's commit and tried next time.
     */
    Recovery recover(Function<String, Path> roots, Function<Path, AmendmentHistory> histories, String finishedBy) {
        List<String> recorded = new ArrayList<>();
        Map<String, String> unrecorded = new LinkedHashMap<>();
        for (JsonNode intent : open()) {
            String sha = intent.path("reverts").asText();
            String id = intent.path("amendment").asText();
            Optional<AmendmentHistory.CommitInfo> revert;
            try (AmendmentHistory history = histories.apply(roots.apply(intent.path("repo").asText()))) {
                revert = history.revertOf(intent.path("branch").asText(), sha);
            } catch (RuntimeException e) {
                unrecorded.put(sha, "its repository cannot be read: " + e.getMessage());
                continue;
            }
            try {
                if (revert.isPresent()) {
                    finish(intent, revert.get().sha(), finishedBy);
                    recorded.add("Recorded the revert of " + id + " (" + abbreviate(sha) + ") by " + intent.path("by")
                            .asText() + ": commit " + abbreviate(revert.get().sha()) + " on " + intent.path("branch")
                            .asText() + " was made, but a crash or a failed write had kept it out of the logs.");
                } else {
                    ObjectNode entry = DecisionLog.entry();
                    entry.put("ts", clock.instant().toString());
                    entry.put("by", intent.path("by").asText());
                    entry.put("action", "revert.abandoned");
                    entry.put("intent", intent.path("intent").asText());
                    entry.put("amendment", id);
                    entry.put("reverts", sha);
                    entry.put("why", "no revert commit was made (the revert was cut short before it)");
                    decisions.append(entry);
                }
            } catch (RuntimeException e) {
                unrecorded.put(sha, e.getMessage());
            }
        }
        return new Recovery(recorded, unrecorded);
    }

    /** The revert intents with no closing line, oldest first. */
    private List<JsonNode> open() {
        List<JsonNode> entries = decisions.read().entries();
        Set<String> closed = new HashSet<>();
        for (JsonNode e : entries) {
            String action = e.path("action").asText();
            if ((action.equals("revert") || action.equals("revert.abandoned")) && e.hasNonNull("intent")) {
                closed.add(e.path("intent").asText());
            }
            if (action.equals("revert.run")) { // a whole run's one record closes every intent it began
                e.path("intents").forEach(i -> closed.add(i.asText()));
            }
        }
        return entries.stream().filter(e -> e.path("action").asText().equals("revert.begun")
                && !closed.contains(e.path("intent").asText())).toList();
    }

    private boolean dreamLogHas(String reverts, String revert) {
        for (JsonNode line : dreamLog.read().entries()) {
            for (JsonNode o : line.path("outputs")) {
                if (o.path("action").asText().equals("reverted") && o.path("reverts").asText().equals(reverts)
                        && o.path("sha").asText().equals(revert)) {
                    return true;
                }
            }
        }
        return false;
    }
}
