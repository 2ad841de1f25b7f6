package services.review;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes a proposal file as an agent would, every value quoted as YAML so that any character can be planted. */
public final class ProposalWriter {

    private ProposalWriter() {
    }

    /** A full-text proposal ({@code ## Proposed}) of {@code kind} for {@code repo}; {@code base} "none" = a new file. */
    public static Path write(Path dir, String fileName, String id, String kind, String repo, String target, String base,
                             List<String> evidence, String proposed) throws IOException {
        StringBuilder out = new StringBuilder("---\nid: ").append(ProposalFiles.quote(id)).append("\nkind: ")
                .append(ProposalFiles.quote(kind)).append("\nrisk: medium\nrepo: ").append(ProposalFiles.quote(repo))
                .append("\ntarget: ").append(ProposalFiles.quote(target)).append("\nbase: ")
                .append(ProposalFiles.quote(base)).append("\nevidence:\n");
        for (String e : evidence) {
            out.append("  - ").append(ProposalFiles.quote(e)).append('\n');
        }
        out.append("source: \"dream:2026-11-21\"\ncreated: \"2026-11-21T03:00:00Z\"\nstatus: pending\n---\n")
                .append("## Rationale\n\nPlanted by a test.\n\n## Proposed\n\n`````\n").append(proposed);
        if (!proposed.endsWith("\n")) {
            out.append('\n');
        }
        out.append("`````\n");
        Files.createDirectories(dir);
        Path file = dir.resolve(fileName);
        Files.write(file, out.toString().getBytes(StandardCharsets.UTF_8));
        return file;
    }

    public static String quote(String value) {
        return ProposalFiles.quote(value);
    }
}
