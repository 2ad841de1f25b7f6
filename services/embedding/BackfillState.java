package services.embedding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * {@code state/embeddings/backfill.json}: up to when (epoch seconds) the documents of a backend that cannot find
 * missing embeddings by itself have been looked at, and the last run's figures. A missing or unreadable file
 * means "look at everything", never a failure.
 */
public final class BackfillState {

    private final Path file;
    private final ObjectMapper json = new ObjectMapper();

    public BackfillState(Path dir) {
        this.file = dir.resolve("backfill.json");
    }

    public long scannedUpTo() {
        return read().path("scannedUpTo").asLong(0);
    }

    /** When the last complete run finished (epoch seconds), or 0. */
    public long lastRun() {
        return read().path("lastRun").asLong(0);
    }

    /**
     * True when the workspace was embedded before sentences were (a backfill.json without {@code "sentences"}, or
     * one that cannot be read): its documents' sentence vectors are computed once, by one pass over every document.
     */
    public boolean needsSentences() {
        if (!Files.exists(file)) {
            return false; // never embedded: the first backfill embeds sentences with their documents
        }
        JsonNode state = read();
        return !state.path("sentences").asBoolean(false); // an unreadable file too: the pass costs little if done
    }

    /** How many vectors of the cache were in use when it was last compacted or first filled; -1 if unknown. */
    public long liveVectors() {
        return read().path("liveVectors").asLong(-1);
    }

    /** A complete run: {@code liveVectors} -1 keeps the figure already written. */
    void completed(long scannedUpTo, long liveVectors) {
        long live = liveVectors >= 0 ? liveVectors : liveVectors();
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            json.writeValue(tmp.toFile(), Map.of("scannedUpTo", Math.max(0, scannedUpTo),
                    "lastRun", System.currentTimeMillis() / 1000, "sentences", true, "liveVectors", live));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new EmbeddingException("Cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private JsonNode read() {
        try {
            return Files.exists(file) ? json.readTree(file.toFile()) : json.createObjectNode();
        } catch (IOException e) {
            return json.createObjectNode();
        }
    }
}
