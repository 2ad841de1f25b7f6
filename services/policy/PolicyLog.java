package services.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import services.audit.DecisionLog;
import services.text.PlainText;

/** The trust dial's lines in the workspace's decision log ({@code state/decisions.jsonl}): who changed what, and why. */
final class PolicyLog {

    private final DecisionLog log;
    private final Clock clock;

    PolicyLog(DecisionLog log, Clock clock) {
        this.log = log;
        this.clock = clock;
    }

    ObjectNode entry(String action, String by) {
        ObjectNode e = DecisionLog.entry();
        e.put("ts", clock.instant().toString());
        e.put("by", by);
        e.put("action", action);
        return e;
    }

    void append(ObjectNode entry) {
        log.append(entry);
    }

    /** The log's file (what a cache of what was derived from it is keyed by). */
    Path file() {
        return log.file();
    }

    List<JsonNode> entries() {
        return log.read().entries();
    }

    static Instant ts(JsonNode e) {
        try {
            return Instant.parse(e.path("ts").asText(""));
        } catch (DateTimeParseException notATime) {
            return null;
        }
    }

    /** A person's name and a reason, each one line of text: nothing from a flag becomes a second log line or field. */
    static void requirePerson(String by, String why, String whyWhat) {
        if (by == null || by.isBlank()) {
            throw new PolicyException("--by: changing the policy needs the name of the person who does it.");
        }
        PlainText.problem(by).ifPresent(p -> {
            throw new PolicyException("--by: the name " + PlainText.shown(by) + " has " + p + "; a name is one line of text.");
        });
        if (by.length() > 200 || by.strip().toLowerCase(Locale.ROOT).startsWith("policy:")) {
            throw new PolicyException("--by: " + PlainText.shown(by.length() > 60 ? by.substring(0, 60) + "…" : by)
                    + " is not a person's name (at most 200 characters, not policy:…).");
        }
        if (whyWhat != null && (why == null || why.isBlank())) {
            throw new PolicyException("--reason: " + whyWhat + " needs a reason, kept in the decision log.");
        }
        if (why != null && why.length() > 2000) {
            throw new PolicyException("--reason: the reason is " + why.length() + " characters long; at most 2000.");
        }
    }
}
