package services.review;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import services.vault.FileText;

/**
 * Copies of proposal files as the console decided them and left them ({@code state/proposal-files/<hex>.md}, named
 * by their digest): what a tampered file is compared with, and what a finished approval writes back. Kept only by
 * the console; a copy whose bytes do not have its name's digest is not believed.
 */
final class DecidedFiles {

    private final Path dir;

    DecidedFiles(Path stateDir) {
        this.dir = stateDir.resolve("proposal-files");
    }

    /** Keeps a copy of {@code bytes}; returns their digest. A copy that cannot be written is only a lost diff. */
    String keep(byte[] bytes) {
        Snapshot s = Snapshot.of(bytes);
        Path file = file(s.digest());
        try {
            if (!Files.isRegularFile(file)) {
                Files.createDirectories(dir);
                Path tmp = Files.createTempFile(dir, ".copy", ".tmp");
                try {
                    Files.write(tmp, bytes);
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
        } catch (IOException lost) {
            // the decision stands without its copy: a later tampering is still found by its digest, without a diff
        }
        return s.digest();
    }

    /**
     * Writes a decision's keys into the proposal as it was decided (its snapshot: the file now may have been
     * rewritten meanwhile) and keeps a copy of the result; returns the digest of the file as left (null for a
     * proposal read without a snapshot).
     */
    String write(Proposal p, Map<String, String> keys) {
        if (p.snapshot() == null) {
            ProposalFiles.setKeys(p.file(), keys);
            return null;
        }
        return keep(ProposalFiles.setKeys(p.file(), p.snapshot().bytes(), keys));
    }

    /** The bytes kept under this digest, when there is such a copy and its bytes have that digest. */
    Optional<byte[]> read(String digest) {
        if (digest == null || !digest.matches(Snapshot.PREFIX + "[0-9a-f]{64}")) {
            return Optional.empty();
        }
        try {
            byte[] bytes = FileText.bounded(file(digest), FileText.DEFAULT_LIMIT);
            return Snapshot.of(bytes).digest().equals(digest) ? Optional.of(bytes) : Optional.empty();
        } catch (IOException | RuntimeException missing) {
            return Optional.empty();
        }
    }

    private Path file(String digest) {
        return dir.resolve(digest.substring(Snapshot.PREFIX.length()) + ".md");
    }
}
