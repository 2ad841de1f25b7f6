package services.brief;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import services.vault.AdrParser;
import services.vault.Frontmatter;
import services.vault.VaultFileException;

/**
 * The daily pitch's gate (running-system.md part 10; adr-daily-pitch.ts, "rank-open-adrs"), applied before the
 * pitch history rules: only open ADRs (status proposed or accepted) whose frontmatter has readiness ≥ 3,
 * confidence ≥ 3 and band do-now or next are candidates ({@code priority-readiness}, {@code priority-confidence},
 * {@code priority-band} as the running system writes them; {@code readiness}, {@code confidence}, {@code band}
 * read too). With none, the running pitch stops with {@code no-candidates-pass-gate}.
 */
public final class PitchGate {

    public static final String STOP = "no-candidates-pass-gate";
    private static final Set<String> OPEN = Set.of("proposed", "accepted");
    private static final Set<String> BANDS = Set.of("do-now", "next");

    /**
     * @param open       how many ADRs are open (proposed or accepted)
     * @param candidates the numbers of those that pass the gate, sorted
     * @param unreadable ADR files that could not be read (skipped, as the running pitch skips them; the sync
     *                   reports them), each with its name and the reason
     */
    public record Result(int open, List<String> candidates, List<String> unreadable) {
        public Result {
            candidates = List.copyOf(candidates);
            unreadable = List.copyOf(unreadable);
        }

        /** The refusal when nothing passes, naming the gate; null when some ADR does. */
        public String refusal() {
            if (!candidates.isEmpty()) {
                return null;
            }
            // the brief's headline already says "no ADR passes the pitch gate": this says why, not that again
            return STOP + ": " + (open == 0 ? "no ADR is open (status proposed or "
                    + "accepted)" : "none of the " + open + " open ADRs has readiness ≥ 3, confidence ≥ 3 and band "
                    + "do-now or next in its frontmatter (priority-readiness, priority-confidence, priority-band)")
                    + ": the daily pitch stops here, before the pitch history rules";
        }
    }

    private PitchGate() {
    }

    /** Reads every ADR file ({@code NNNN-slug.md}) in the folder; a missing folder has no candidates. */
    public static Result of(Path adrDir) {
        int open = 0;
        Set<String> candidates = new TreeSet<>();
        List<String> unreadable = new ArrayList<>();
        if (!Files.isDirectory(adrDir)) {
            return new Result(0, List.of(), List.of());
        }
        AdrParser parser = new AdrParser();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(adrDir, "*.md")) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (!AdrParser.FILE_NAME.matcher(name).matches()) {
                    continue;
                }
                try {
                    String text = Files.readString(file, StandardCharsets.UTF_8);
                    AdrParser.Adr adr = parser.parse(name, text);
                    if (adr.status() == null || !OPEN.contains(adr.status())) {
                        continue;
                    }
                    open++;
                    if (passes(Frontmatter.parse(text))) {
                        candidates.add(adr.number());
                    }
                } catch (IOException | VaultFileException | UncheckedIOException e) {
                    unreadable.add(name + ": " + e.getMessage());
                }
            }
        } catch (IOException e) {
            unreadable.add(adrDir + ": " + e.getMessage());
        }
        return new Result(open, new ArrayList<>(candidates), unreadable);
    }

    static boolean passes(Frontmatter front) {
        Integer readiness = number(front, "priority-readiness", "readiness");
        Integer confidence = number(front, "priority-confidence", "confidence");
        String band = front.string("priority-band") != null ? front.string("priority-band") : front.string("band");
        return readiness != null && readiness >= 3 && confidence != null && confidence >= 3 && band != null
                && BANDS.contains(band.strip());
    }

    private static Integer number(Frontmatter front, String key, String plain) {
        Integer n = front.integer(key);
        return n != null ? n : front.integer(plain);
    }
}
