package services.review;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import services.vault.FileText;

/**
 * The write-ahead record of approvals ({@code state/approvals-in-flight/}): before an approval changes git it records
 * its intent — the proposal id, the digest of what is approved, the approver, the repository, the target and the
 * review branch's tip the commit is made on; the record is removed once the decision log holds the
 * approval. One left behind (the process killed at any step) is finished or dropped by the next run under the
 * decision lock ({@link InterruptedApprovals}), so that the records agree with git.
 */
final class ApprovalIntents {

    /** One approval in flight. {@code tip}: the review branch's commit the approval commit is made on (null: none yet). */
    record Intent(String id, String digest, String by, String repo, String path, String tip, boolean edited,
                  String policyVersion) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private final Path dir;

    ApprovalIntents(Path stateDir) {
        this.dir = stateDir.resolve("approvals-in-flight");
    }

    /**
     * Records the intent (written whole, renamed into place) before the approval goes on. Like git's own objects it
     * is not forced to disk: it survives the process being killed, which is what it is for.
     */
    void record(Intent intent) {
        ObjectNode node = JSON.createObjectNode();
        node.put("proposal", intent.id());
        node.put("digest", intent.digest());
        node.put("by", intent.by());
        node.put("repo", intent.repo());
        node.put("path", intent.path());
        node.put("tip", intent.tip());
        node.put("edited", intent.edited());
        node.put("policy_version", intent.policyVersion());
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, ".intent", ".tmp");
            try {
                Files.write(tmp, JSON.writeValueAsBytes(node));
                Files.move(tmp, file(intent.id()), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new ReviewException("Cannot record the approval of " + intent.id() + " before committing it ("
                    + dir + ": " + e.getMessage() + "). Nothing was committed.", e);
        }
    }

    /** Every approval in flight; a record that cannot be read is left for a person to look at, never guessed. */
    List<Intent> all() {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Intent> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                read(f).ifPresent(out::add);
            }
        } catch (IOException e) {
            throw new ReviewException("Cannot read the approvals in flight in " + dir + ": " + e.getMessage(), e);
        }
        return out;
    }

    Optional<Intent> of(String id) {
        return Files.isRegularFile(file(id)) ? read(file(id)) : Optional.empty();
    }

    /** The approval is recorded (or never happened): its intent goes. */
    void clear(String id) {
        try {
            Files.deleteIfExists(file(id));
        } catch (IOException e) {
            throw new ReviewException("Cannot remove the finished approval record " + file(id) + ": " + e.getMessage(), e);
        }
    }

    private static Optional<Intent> read(Path f) {
        try {
            JsonNode n = JSON.readTree(FileText.bounded(f, 64 * 1024));
            String id = n.path("proposal").asText(null);
            if (id == null) {
                return Optional.empty();
            }
            return Optional.of(new Intent(id, n.path("digest").asText(null), n.path("by").asText(null),
                    n.path("repo").asText(null), n.path("path").asText(null), n.path("tip").asText(null),
                    n.path("edited").asBoolean(false), n.path("policy_version").asText(null)));
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    private Path file(String id) {
        return dir.resolve(FileText.sha256(id.getBytes(StandardCharsets.UTF_8)) + ".json");
    }
}
