package services.reach;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import services.errors.ConsoleException;
import services.recall.ImplementorRecall;

/**
 * What the last reach replay found, kept in {@code <workspace>/state/reach-replay.json} so the next run replays
 * only what changed ({@link StoryReplays}): a fingerprint of every document a replay can return, and per story
 * query (its text and project) the ids of the hits it ranked first. The console's own file; a file that cannot be
 * read, or was written by another version of the replay, is ignored (the run is then a full replay).
 *
 * @param version    the replay's rules ({@link #VERSION}): depth, types, hits injected
 * @param backend    the index's backend ({@code lucene}, {@code typesense}): their rankings differ
 * @param fullCount  documents fingerprinted at the last full replay (a full one runs again after a large change)
 * @param docs       per document id, a fingerprint of what the replay reads of it
 * @param stories    per story query ({@link #key}), what it found
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReplayCache(String version, String backend, long fullCount, Map<String, String> docs,
                          Map<String, Entry> stories) {

    public static final String FILE = "reach-replay.json";

    /**
     * One story query's hits.
     *
     * @param ranked  ids of the first hits, best first
     * @param dropped words dropped from the query before something matched
     * @param used    the day it was last part of a run (ISO date); entries unused for long are let go
     */
    public record Entry(List<String> ranked, int dropped, String used) {

        public Entry {
            ranked = ranked == null ? List.of() : List.copyOf(ranked);
        }
    }

    public ReplayCache {
        docs = docs == null ? new HashMap<>() : docs;
        stories = stories == null ? new HashMap<>() : stories;
    }

    /** The replay's rules this cache was made under; a cache of other rules is not reused. */
    public static final String VERSION = "1;depth=" + ReachService.DEPTH + ";types="
            + String.join(",", ImplementorRecall.TYPES) + ";perPage="
            + ImplementorRecall.PER_PAGE;

    /** A story query's key: the text searched and the project filter. */
    public static String key(String query, String project) {
        return (project == null ? "" : project) + "\u0000" + query;
    }

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** The cache in {@code file}, or null when there is none or it cannot be used (then the run is a full one). */
    public static ReplayCache read(Path file) {
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        try {
            ReplayCache c = JSON.readValue(file.toFile(), ReplayCache.class);
            return VERSION.equals(c.version()) ? c : null;
        } catch (IOException | RuntimeException unreadable) {
            return null; // a cache cut short or of another version: replay everything and write it afresh
        }
    }

    /** Writes the cache whole (a temporary file moved over the old one: a crash leaves the old or the new). */
    public void write(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            JSON.writeValue(tmp.toFile(), this);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new ConsoleException(file + ": cannot write the reach replay's cache: " + e.getMessage());
        }
    }
}
