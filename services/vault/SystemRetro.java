package services.vault;

import java.util.ArrayList;
import java.util.List;

/**
 * The retro document the running system indexes for a loop ({@code agent-loop/retro.ts},
 * "index-to-system-knowledge"): title {@code Loop <loopId> retro — N passed, M failed}, content the summary, the
 * analysis, the narrative and the codebase patterns, each left out when empty, joined by blank lines, cut at 8000
 * characters — no story table, none of the template's placeholders ("No summary provided.",
 * "_No analysis generated._", the "no codebase patterns" sentence). The console's own sync indexes the whole retro
 * file; this is what an agent is given instead.
 */
public final class SystemRetro {

    public static final int CONTENT = 8_000;

    private SystemRetro() {
    }

    /** {@code Loop <loopId> retro — N passed, M failed}. */
    public static String title(String loopId, int passed, int failed) {
        return "Loop " + loopId + " retro — " + passed + " passed, " + failed + " failed";
    }

    /** Whether a title is the running system's own ({@link #title}). */
    public static boolean isSystemTitle(String title) {
        return title != null && title.matches("Loop \\S+ retro — \\d+ passed, \\d+ failed");
    }

    /** The content from a retro file's body (frontmatter removed) as the running template writes it. */
    public static String content(String body) {
        MarkdownSections sections = MarkdownSections.of(body == null ? "" : body);
        List<String> parts = new ArrayList<>();
        add(parts, sections.get("Summary"), "No summary provided.");
        add(parts, sections.get("Analysis"), "_No analysis generated._");
        add(parts, sections.get("Narrative"), "_No narrative generated._");
        String patterns = sections.get("Codebase Patterns");
        if (!patterns.isBlank() && !patterns.startsWith(RetroParser.NO_PATTERNS.substring(0,
                RetroParser.NO_PATTERNS.length() - 1))) {
            parts.add("## Codebase Patterns\n" + patterns); // extractCodebasePatterns keeps its heading
        }
        String text = String.join("\n\n", parts);
        return text.length() > CONTENT ? text.substring(0, CONTENT) : text;
    }

    private static void add(List<String> parts, String section, String placeholder) {
        String text = section.strip();
        if (!text.isEmpty() && !text.equals(placeholder)) {
            parts.add(text);
        }
    }
}
