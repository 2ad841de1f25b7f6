package services.review;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import services.audit.DecisionLog;
import services.errors.ConsoleException;

/**
 * When each proposal was last decided, read from the console's decision logs (never from the proposal file, which an
 * agent may write): the queue lists decided proposals newest decision first by it. A log that cannot be read, or a
 * line without a readable {@code ts}, leaves its proposals without a time (they sort after the dated ones).
 */
final class DecisionTimes {

    private final List<DecisionLog> logs;

    DecisionTimes(Path stateDir) {
        this.logs = DecisionClaims.logs(stateDir);
    }

    Map<String, Instant> read() {
        Map<String, Instant> at = new HashMap<>();
        for (DecisionLog log : logs) {
            List<JsonNode> entries;
            try {
                entries = log.read().entries();
            } catch (ConsoleException unreadable) { // the queue says so elsewhere; only the order is at stake here
                continue;
            }
            for (JsonNode e : entries) {
                String id = e.path("proposal").asText(null);
                if (id == null || !DecisionClaims.DECIDING.contains(e.path("action").asText())) {
                    continue;
                }
                try {
                    Instant ts = Instant.parse(e.path("ts").asText(""));
                    at.merge(id, ts, (a, b) -> a.isAfter(b) ? a : b);
                } catch (DateTimeParseException noTime) {
                    // an entry without a time orders nothing
                }
            }
        }
        return at;
    }
}
