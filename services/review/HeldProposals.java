package services.review;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A change the trust dial applied and then took back (its post-apply check failed) put up again for a person: a new
 * proposal file beside the original, under a new id ({@code <id>-held}, then {@code -held-2} …), pending, with the
 * same kind, risk, repository, target, base and change, the original's evidence plus the check's, and the check's
 * output in a section of its own. Written only by the console, never over an existing file.
 */
public final class HeldProposals {

    private static final Pattern TICKS = Pattern.compile("`+");

    private HeldProposals() {
    }

    /** The first free id for the copy of {@code p}: {@code <id>-held}, then {@code <id>-held-2} …, beside its file. */
    public static String freeId(Proposal p) {
        if (p.file() == null) {
            throw new ReviewException("Proposal " + p.id() + " has no file to put a copy beside.");
        }
        String stem = p.id().replaceAll("[^A-Za-z0-9._-]", "-");
        stem = stem.length() > 180 ? stem.substring(0, 180) : stem;
        for (int n = 1; n < 1000; n++) {
            String id = stem + "-held" + (n == 1 ? "" : "-" + n);
            if (!Files.exists(p.file().getParent().resolve(id + ".md"))) {
                return id;
            }
        }
        throw new ReviewException("Proposal " + p.id() + " has been held too many times; no new copy was written.");
    }

    /**
     * Writes the copy of {@code p} (as the dial approved it) under {@code id}, never over an existing file.
     *
     * @param evidence one-line evidence items added after the original's (the check, its result)
     * @param output   the check's output as captured (bounded by the caller), shown in a fenced section
     */
    public static Path write(Proposal p, String id, List<String> evidence, String note, String output, Instant now) {
        if (p.file() == null || !p.hasChange()) {
            throw new ReviewException("Proposal " + p.id() + " has no file or no change to put up again.");
        }
        Path file = p.file().getParent().resolve(id + ".md");
        try {
            Files.write(file, text(p, id, evidence, note, output, now).getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.CREATE_NEW);
            return file;
        } catch (FileAlreadyExistsException taken) {
            throw new ReviewException("Cannot write the held copy of " + p.id() + ": " + file + " exists already.");
        } catch (IOException e) {
            throw new ReviewException("Cannot write the held copy of " + p.id() + " in " + file.getParent() + ": "
                    + e.getMessage(), e);
        }
    }

    static String text(Proposal p, String id, List<String> evidence, String note, String output, Instant now) {
        StringBuilder out = new StringBuilder("---\n");
        key(out, "id", id);
        key(out, "kind", p.kind());
        key(out, "drift", p.drift());
        key(out, "risk", p.risk());
        key(out, "repo", p.repo());
        key(out, "target", p.target());
        key(out, "base", p.base());
        if (p.confidence() != null) {
            out.append("confidence: ").append(p.confidence()).append('\n');
        }
        List<String> all = new ArrayList<>(p.evidence());
        all.addAll(evidence);
        out.append("evidence:\n");
        all.forEach(e -> out.append("  - ").append(ProposalFiles.quote(e)).append('\n'));
        key(out, "source", p.source());
        key(out, "created", now.toString());
        key(out, "held_from", p.id());
        out.append("status: pending\n---\n");
        out.append("## Rationale\n\n").append(note.strip()).append("\n\n");
        String rationale = p.rationale() == null ? "" : p.rationale().strip();
        if (!rationale.isEmpty()) {
            out.append(rationale).append("\n\n");
        }
        if (p.patch() != null) {
            String fence = fence(p.patch());
            out.append("## Patch\n\n").append(fence).append("diff\n").append(p.patch()).append(fence).append("\n\n");
        } else {
            String fence = fence(p.proposedText());
            out.append("## Proposed\n\n").append(fence).append('\n').append(p.proposedText()).append(fence).append("\n\n");
        }
        String shown = output == null || output.isEmpty() ? "(no output)\n" : output.endsWith("\n") ? output : output + "\n";
        String fence = fence(shown);
        out.append("## Check output\n\n").append(fence).append('\n').append(shown).append(fence).append('\n');
        return out.toString();
    }

    private static void key(StringBuilder out, String key, String value) {
        if (value != null) {
            out.append(key).append(": ").append(ProposalFiles.quote(value)).append('\n');
        }
    }

    /** A fence longer than any run of backticks in {@code text} (at least four). */
    private static String fence(String text) {
        int longest = 3;
        Matcher m = TICKS.matcher(text == null ? "" : text);
        while (m.find()) {
            longest = Math.max(longest, m.group().length());
        }
        return "`".repeat(longest + 1);
    }
}
