package services.review;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import services.vault.FileText;

/**
 * The digest of each proposal as the console last showed or listed it ({@code state/shown-digests.json}): a
 * decision taken without a digest at hand ({@code proposals approve ID}) is about that snapshot, and is refused when
 * the file was rewritten since ("rewritten since you saw it — show it again").
 */
final class ShownDigests {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Ids kept at most; the oldest go first (a queue is far smaller). */
    private static final int MAX = 5_000;
    private final Path file;

    ShownDigests(Path stateDir) {
        this.file = stateDir.resolve("shown-digests.json");
    }

    /** What was shown of one proposal: its file's digest and the fingerprint of its change (null: none). */
    record Shown(String digest, String change) {
    }

    /** Records what was shown: id → digest (a proposal without a digest is forgotten). Run under the decision lock. */
    void remember(Map<String, Shown> shown) {
        ObjectNode all = read();
        shown.forEach((id, what) -> {
            all.remove(id); // re-added last: the newest at the end
            if (what.digest() != null) {
                ObjectNode entry = all.putObject(id).put("digest", what.digest());
                if (what.change() != null) {
                    entry.put("change", what.change());
                }
            }
        });
        while (all.size() > MAX) {
            all.remove(all.fieldNames().next());
        }
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), ".shown", ".tmp");
            try {
                Files.write(tmp, JSON.writeValueAsBytes(all));
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new ReviewException("Cannot record what was shown in " + file + ": " + e.getMessage(), e);
        }
    }

    /** What was last shown or listed for {@code id}, if anything (a digest alone, as older consoles wrote it). */
    /** What a decision by id without a digest is about: the snapshot last shown or listed, else unchecked. */
    Seen lastShown(String id) {
        return of(id).map(s -> Seen.lastShown(s.digest(), s.change())).orElse(Seen.UNCHECKED);
    }

    /** What a decision with {@code --digest} is about: that digest, with the change shown with it when it was shown here. */
    Seen given(String id, String digest) {
        return of(id).filter(s -> Snapshot.names(digest, s.digest())).map(s -> Seen.given(digest, s.change()))
                .orElse(Seen.given(digest));
    }

    Optional<Shown> of(String id) {
        JsonNode d = read().get(id);
        if (d != null && d.isTextual()) {
            return Optional.of(new Shown(d.asText(), null));
        }
        if (d == null || !d.path("digest").isTextual()) {
            return Optional.empty();
        }
        JsonNode change = d.path("change");
        return Optional.of(new Shown(d.path("digest").asText(), change.isTextual() ? change.asText() : null));
    }

    private ObjectNode read() {
        if (!Files.isRegularFile(file)) {
            return JSON.createObjectNode();
        }
        try {
            JsonNode n = JSON.readTree(FileText.bounded(file, 16L * 1024 * 1024));
            return n instanceof ObjectNode o ? o : JSON.createObjectNode();
        } catch (IOException | RuntimeException unreadable) {
            return JSON.createObjectNode();
        }
    }
}
