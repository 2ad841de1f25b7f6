package testsupport;

import java.util.ArrayList;
import java.util.List;

/**
 * Files and Redis values in the exact shapes the running joelclaw system writes them (running-system.md parts
 * 1–5): a retrospective as its retro template renders it (cells escaped, the patterns heading written twice, the
 * "none found" sentence, the appended Analysis and Narrative), PRD values of {@code agent-loop:prd:<loopId>}, pitch
 * history entries, and ADR heads with bold metadata.
 */
public final class RealShapes {

    private RealShapes() {
    }

    /** One story of a loop: passed, skipped (the template's "skip"), or neither (a "fail"). */
    public record Story(String id, String title, boolean passed, boolean skipped, int attempts, String tool) {
        String result() {
            return passed ? "pass" : skipped ? "skip" : "fail";
        }
    }

    private static String escapeCell(String value) {
        return value.replace("|", "\\|").replace("\n", " ").strip();
    }

    /**
     * A retro file as the template writes it. {@code progressPatterns} is the "## Codebase Patterns" section of
     * the loop's progress log (heading included) or "" when it had none; {@code analysis} null for a retro whose
     * LLM reflection failed (then no Analysis or Narrative is appended).
     */
    public static String retro(String loopId, String project, String isoDate, List<Story> stories,
                               String progressPatterns, String analysis) {
        long completed = stories.stream().filter(Story::passed).count();
        long skipped = stories.stream().filter(Story::skipped).count();
        long failed = stories.size() - completed - skipped;
        List<String> rows = new ArrayList<>();
        for (Story s : stories) {
            rows.add("| " + escapeCell(s.id()) + " | " + escapeCell(s.title()) + " | " + s.result() + " | "
                    + s.attempts() + " | " + escapeCell(s.tool()) + " |");
        }
        List<String> worked = stories.stream().filter(s -> s.passed() && s.attempts() <= 1)
                .map(s -> "- " + s.id() + " passed on first attempt with " + s.tool() + ".").toList();
        List<String> struggled = stories.stream().filter(s -> s.skipped() || s.attempts() > 1 || !s.passed())
                .map(s -> "- " + s.id() + " " + (s.skipped() ? "skipped" : s.passed() ? "needed retries" : "failed")
                        + " after " + s.attempts() + " attempt(s).").toList();
        String out = String.join("\n", List.of(
                "---", "loopId: " + loopId, "project: " + project, "date: " + isoDate,
                "storiesCompleted: " + completed, "storiesFailed: " + failed, "storiesSkipped: " + skipped, "---", "",
                "## Summary", "Loop finished.", "",
                "## Story Outcomes", "", "| id | title | result | attempts | tool |", "| --- | --- | --- | --- | --- |",
                rows.isEmpty() ? "| - | - | - | - | - |" : String.join("\n", rows), "",
                "## Codebase Patterns",
                progressPatterns.isEmpty() ? "No codebase patterns found in Redis progress context." : progressPatterns, "",
                "## What Worked", worked.isEmpty() ? "- No stories passed on first attempt." : String.join("\n", worked), "",
                "## What Struggled", struggled.isEmpty() ? "- No recurring struggles detected." : String.join("\n", struggled), "",
                "## Recommendations", "- Prioritize stories with prior retries for earlier human review checkpoints.", ""));
        if (analysis != null) {
            out += String.join("\n", List.of("", "## Analysis", analysis, "", "## Narrative",
                    "The loop ran overnight and mostly went well.", ""));
        }
        return out;
    }

    /** The value of {@code agent-loop:prd:<loopId>}: the normalized PRD with project and workDir. */
    public static String prd(String title, String project, Story... stories) {
        StringBuilder out = new StringBuilder("{\"title\":\"" + title.replace("\"", "\\\"") + "\",\"stories\":[");
        for (int i = 0; i < stories.length; i++) {
            Story s = stories[i];
            out.append(i == 0 ? "" : ",").append("{\"id\":\"").append(s.id()).append("\",\"title\":\"")
                    .append(s.title().replace("\"", "\\\"")).append("\",\"description\":\"d\",\"acceptance_criteria\":[\"a\"],")
                    .append("\"priority\":").append(i + 1).append(",\"passes\":").append(s.passed())
                    .append(s.skipped() ? ",\"skipped\":true" : "").append('}');
        }
        return out.append("],\"project\":\"").append(project).append("\",\"workDir\":\"/tmp/agent-loop/x\"}").toString();
    }

    /** One {@code adr:pitch:history} entry; {@code adrNumber} as the writer gave it (a string, or a number). */
    public static String pitch(Object adrNumber, String pitchedAt, String response) {
        String number = adrNumber instanceof Number ? adrNumber.toString() : "\"" + adrNumber + "\"";
        return "{\"adr_number\":" + number + ",\"pitched_at\":\"" + pitchedAt + "\",\"response\":\"" + response + "\"}";
    }
}
