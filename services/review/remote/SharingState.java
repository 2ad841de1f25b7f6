package services.review.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * {@code state/review-remote.json}: each shared repository's last push or fetch — when, what came of it, why it
 * failed. The queue itself is the branch: what is on the local review branch and not on the remote-tracking ref is
 * what waits to be pushed, so a crash can neither lose nor duplicate a queued decision. Written whole, atomically.
 */
final class SharingState {

    private static final ObjectMapper JSON = new ObjectMapper();

    record Attempt(String result, String problem, Instant at) {
    }

    private final Path file;

    SharingState(Path stateDir) {
        this.file = stateDir.resolve("review-remote.json");
    }

    synchronized Attempt last(String repository) {
        JsonNode r = read().path(repository);
        if (r.isMissingNode()) {
            return null;
        }
        Instant at = null;
        try {
            at = r.hasNonNull("at") ? Instant.parse(r.get("at").asText()) : null;
        } catch (DateTimeParseException ignored) {
            // a hand-edited time: shown as unknown
        }
        return new Attempt(r.path("result").asText(null), r.hasNonNull("problem") ? r.get("problem").asText() : null, at);
    }

    synchronized void record(String repository, Attempt a) {
        ObjectNode all = read();
        ObjectNode r = all.putObject(repository);
        r.put("result", a.result());
        if (a.problem() != null) {
            r.put("problem", a.problem());
        }
        r.put("at", a.at().toString());
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), ".review-remote", ".tmp");
            Files.write(tmp, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(all));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // the record of an attempt is a courtesy: the queue is the branch, which is already right
        }
    }

    private ObjectNode read() {
        try {
            JsonNode n = Files.exists(file) ? JSON.readTree(file.toFile()) : null;
            return n instanceof ObjectNode o ? o : JSON.createObjectNode();
        } catch (IOException unreadable) {
            return JSON.createObjectNode();
        }
    }
}
