package services.vault;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link AdrDates#ofSource} for a list of results: each ADR file's date is read once and kept while the file's
 * size and modification time stay the same, so a page of ADRs costs a {@code stat} per row after its first search.
 * Safe to use from several threads.
 */
public final class AdrDateReader {

    private static final int MAX_KEPT = 10_000;

    private record Kept(long size, long modified, String date) {
    }

    private final Path adrDir;
    private final Map<Path, Kept> kept = new ConcurrentHashMap<>();

    /** @param adrDir the workspace's ADR folder (null: dates come from the indexed content only) */
    public AdrDateReader(Path adrDir) {
        this.adrDir = adrDir;
    }

    /** The ADR's own date, as {@link AdrDates#ofSource} reads it; null when it has none. */
    public String of(String source, String content) {
        Path file = AdrDates.fileOf(source, adrDir);
        if (file == null) {
            return AdrDates.fromContent(content);
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException | RuntimeException e) {
            return AdrDates.fromContent(content); // not on this machine: the indexed content may say it
        }
        Kept known = kept.get(file);
        long modified = attributes.lastModifiedTime().toMillis();
        if (known != null && known.size() == attributes.size() && known.modified() == modified) {
            return known.date() != null ? known.date() : AdrDates.fromContent(content);
        }
        String date = AdrDates.of(file, adrDir, null);
        if (kept.size() >= MAX_KEPT) {
            kept.clear();
        }
        kept.put(file, new Kept(attributes.size(), modified, date));
        return date != null ? date : AdrDates.fromContent(content);
    }
}
