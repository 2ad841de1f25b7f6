package services.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import services.vault.PriorityRubric;

/**
 * Writes the demo ADRs in every frontmatter era of formats.md part 3: YAML with inline or block tags, in-body
 * {@code Status:} lines, the bold metadata of about one real ADR in nine ({@code **Status:** Accepted},
 * {@code - **Status**: shipped}, hashtag tags), and the scraped {@code ADR-0199accepted} form; a status such as
 * {@code superseded by 0152}; two files sharing a number, as five real ADR numbers do; plus malformed files.
 */
final class DemoAdrs {

    private final Path dir;

    DemoAdrs(Path dir) {
        this.dir = dir;
    }

    int write() throws IOException {
        List<String[]> rows = DemoCatalog.rows("adrs.tsv");
        StringBuilder index = new StringBuilder("# Architecture decisions\n\n| ADR | Title | Status |\n|---|---|---|\n");
        for (String[] row : rows) {
            Adr adr = new Adr(row);
            DemoWorkspace.write(dir.resolve(adr.number + "-" + adr.slug + ".md"), adr.render());
            index.append("| ").append(adr.number).append(" | [").append(adr.title).append("](")
                    .append(adr.number).append('-').append(adr.slug).append(".md) | ").append(adr.status).append(" |\n");
        }
        DemoWorkspace.write(dir.resolve("README.md"), index.toString());
        writeMalformed();
        return rows.size() + 1; // the second file numbered 0042 is an ADR too: both are indexed
    }

    private void writeMalformed() throws IOException {
        DemoWorkspace.write(dir.resolve("0090-broken-frontmatter.md"), """
                ---
                status: proposed
                date: 2025-09-10
                tags: [memory, retrieval
                ---
                # ADR-0090: Broken frontmatter (demo of a YAML error)

                The tags list above is never closed, so the sync reports this file with the line number.
                """);
        byte[] latin1 = "# ADR-0094: Caf\u00e9 notes in Latin-1\n\nStatus: proposed\n\nThis file is not UTF-8.\n"
                .getBytes(StandardCharsets.ISO_8859_1);
        DemoWorkspace.write(dir.resolve("0094-latin1-encoding.md"), latin1);
        byte[] binary = {(byte) 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 'I', 'H', 'D', 'R', 0, 0};
        DemoWorkspace.write(dir.resolve("0099-architecture-diagram.md"), binary);
        DemoWorkspace.write(dir.resolve("0042-retrieval-duplicate-number.md"), """
                ---
                status: proposed
                date: 2025-05-02
                ---
                # ADR-0042: Retrieval first (duplicate number)

                A second file numbered 0042, as five numbers of the real Vault have: both are indexed, the first file
                by name as adr:0042 and this one as adr:0042:retrieval-duplicate-number.
                """);
        DemoWorkspace.write(dir.resolve("scratch-notes.md"), "Not an ADR: the name does not start with a number.\n");
    }

    /** One catalogue row, rendered in its era. */
    private static final class Adr {
        final String number;
        final String slug;
        final String era;
        final String status;
        final String date;
        final List<String> tags;
        final PriorityRubric rubric;
        final String title;
        final String summary;

        Adr(String[] c) {
            number = c[0];
            slug = c[1];
            era = c[2];
            status = c[3];
            date = c[4];
            tags = Arrays.asList(c[5].split(","));
            rubric = "-".equals(c[6]) ? null : rubric(c[6]);
            title = c[7];
            summary = c[8];
        }

        private static PriorityRubric rubric(String spec) {
            int[] v = Arrays.stream(spec.split("/")).mapToInt(Integer::parseInt).toArray();
            return new PriorityRubric(v[0], v[1], v[2], v[3]);
        }

        String render() {
            return switch (era) {
                case "yaml-inline" -> inlineYaml();
                case "yaml-block" -> blockYaml();
                case "body" -> bodyLines();
                case "bold" -> boldLines();
                case "bold-list" -> boldList();
                case "scraped" -> scraped();
                default -> throw new IllegalStateException("unknown era " + era);
            };
        }

        private String inlineYaml() {
            return "---\nstatus: " + status + "\ndate: " + date + "\ntags: [" + String.join(", ", tags) + "]\n"
                    + "deciders: Joel Hooks\n" + rubricKeys("priority-novelty") + "---\n\n# ADR-" + number + ": "
                    + title + "\n\n" + body();
        }

        private String blockYaml() {
            String tagList = tags.stream().map(t -> "  - " + t).collect(Collectors.joining("\n"));
            return "---\ntype: adr\ntitle: \"" + title + "\"\nstatus: " + status + "\ndate: " + date + "\ntags:\n"
                    + tagList + "\ndecision-makers:\n  - Joel Hooks\n  - Pi (agent)\nconsulted: [ops]\n"
                    + "informed: []\nrelated:\n  - \"0008\"\n" + rubricKeys("priority-interest") + "---\n\n# "
                    + title + "\n\n" + body();
        }

        private String bodyLines() {
            return "# ADR-" + number + ": " + title + "\n\nStatus: " + status + "\nDate: " + date + "\nTags: "
                    + String.join(", ", tags) + "\nDeciders: Joel Hooks\n\n" + body();
        }

        /** {@code **Status:** Accepted} lines with two trailing spaces (markdown line breaks) and hashtag tags. */
        private String boldLines() {
            return "# ADR-" + number + ": " + title + "\n\n**Status:** " + Character.toUpperCase(status.charAt(0))
                    + status.substring(1) + "  \n**Date:** " + date + "  \n**Deciders:** Joel, Panda  \n**Tags:** "
                    + tags.stream().map(t -> "#" + t).collect(Collectors.joining(" ")) + "\n\n" + body();
        }

        /** {@code - **Status**: shipped} list items. */
        private String boldList() {
            return "# ADR-" + number + ": " + title + "\n\n- **Status**: " + status + "\n- **Date**: " + date
                    + "\n- **Deciders**: Joel, Panda\n- **Related**: ADR-0008 (retrospectives)\n\n" + body();
        }

        private String scraped() {
            return "ADR-" + number + status + "\n\n" + title + "\n\n" + summary + "\n\nContext and Problem Statement\n\n"
                    + context() + "\n\nDecision\n\n" + decision() + "\n";
        }

        private String rubricKeys(String noveltyKey) {
            if (rubric == null) {
                return "";
            }
            return "priority-need: " + rubric.need() + "\npriority-readiness: " + rubric.readiness()
                    + "\npriority-confidence: " + rubric.confidence() + "\n" + noveltyKey + ": " + rubric.novelty()
                    + "\npriority-score: " + rubric.score() + "\npriority-band: " + rubric.band()
                    + "\npriority-reviewed: " + date + "\npriority-rationale: \"Need " + rubric.need()
                    + ", readiness " + rubric.readiness() + "; " + (rubric.pitchable() ? "ready to pitch" : "not yet")
                    + ".\"\n";
        }

        private String body() {
            return "## Context\n\n" + context() + "\n\n## Decision\n\n" + decision()
                    + "\n\n## Consequences\n\n- Agents can rely on this when they plan work.\n"
                    + "- The decision is revisited when a retro shows it hurting loops.\n";
        }

        private String context() {
            return "Loops kept running into the same problem this decision answers. " + summary
                    + " Without it, lessons were lost between loops and operators had no single place to look.";
        }

        private String decision() {
            return "We decide: " + Character.toLowerCase(title.charAt(0)) + title.substring(1) + ". " + summary;
        }
    }
}
