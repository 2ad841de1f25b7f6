package services.demo;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes demo loops as the running system's retro step writes them (running-system.md part 3): a retrospective
 * in the template's shape — frontmatter counts, the story table with cells escaped ({@code \|}), the codebase
 * patterns under the heading written twice (or the "none found" sentence), What Worked / Struggled /
 * Recommendations, then the reflection's {@code ## Analysis} and {@code ## Narrative} — and the brain note of the
 * same step; plus one retro with broken frontmatter.
 */
final class DemoRetros {

    static final String[] PROJECTS = {"joelclaw", "joelclaw", "course-builder", "joelclaw", "gremlin",
        "course-builder", "joelclaw", "gremlin", "joelclaw", "course-builder"};

    private static final String[] STORIES = {
        "Add idempotency keys to email steps", "Index retros | lessons into system_knowledge", "Show failed targets in the brief",
        "Migrate lessons list to JSON", "Retry ladder from recommendations", "Add OTEL events to recall",
        "Split the gateway session router", "Fix timezone handling in digests", "Paginate the ADR list",
        "Cache skill descriptions", "Kill dev servers | watchers after each story", "Stop double-writing cron documents",
        "Quarantine flaky network tests", "Budget cap per loop", "Write brain note on loop completion",
        "Parse block-list tags in ADRs", "Backticks in Typesense filters", "Prune expired failed targets"};

    private static final String[] TOOLS = {"codex", "claude", "pi"};

    private static final String[] PATTERNS = {
        "Durable steps are named verb-noun and carry an idempotency key built from the event id.",
        "Redis keys are prefixed by feature and always set with an explicit TTL.",
        "Every Typesense query goes through one adapter that escapes filter values.",
        "Tests for Inngest functions call the handler with a fake step object, never the dev server.",
        "OTEL events use component.action names and put ids in metadata, never in the action.",
        "Vault paths are built from one constants module; no string concatenation of folders."};

    private final Path vault;
    private final Instant now;

    DemoRetros(Path vault, Instant now) {
        this.vault = vault;
        this.now = now;
    }

    /** Writes the loops and returns their ids, oldest first. */
    List<Loop> write() throws IOException {
        List<String> lessons = DemoCatalog.lines("lessons.txt");
        Random random = new Random(42);
        List<Loop> loops = new ArrayList<>();
        for (int i = 0; i < PROJECTS.length; i++) {
            Instant when = now.minusSeconds((long) (PROJECTS.length - i) * 2 * 86_400 + i * 3_700L);
            String id = "loop-" + Long.toString(when.toEpochMilli(), 36) + "-" + suffix(random);
            List<Story> stories = new ArrayList<>();
            int count = 4 + random.nextInt(3);
            for (int s = 0; s < count; s++) {
                String result = s == 1 && i % 3 == 0 ? "fail" : s == 3 && i % 4 == 1 ? "skip" : "pass";
                if (i == 7 && s == 0) {
                    result = "fail";
                }
                int attempts = "fail".equals(result) ? 3 : 1 + random.nextInt(2);
                stories.add(new Story("S" + (s + 1), STORIES[(i * 3 + s) % STORIES.length], result, attempts,
                        TOOLS[random.nextInt(TOOLS.length)]));
            }
            List<String> loopLessons = List.of(lessons.get((i * 2) % lessons.size()),
                    lessons.get((i * 2 + 1) % lessons.size()), lessons.get((i * 5 + 7) % lessons.size()));
            // loop 4's progress log had no patterns section: its retro says so, and no pattern document comes of it
            List<String> patterns = i == 4 ? List.of()
                    : List.of(PATTERNS[i % PATTERNS.length], PATTERNS[(i + 2) % PATTERNS.length]);
            Loop loop = new Loop(id, PROJECTS[i], when, stories, loopLessons, patterns);
            DemoWorkspace.write(vault.resolve("system/retrospectives/" + id + ".md"), retro(loop));
            DemoWorkspace.write(vault.resolve("system/brain/codebase/" + id + ".md"), brainNote(loop));
            loops.add(loop);
        }
        DemoWorkspace.write(vault.resolve("system/retrospectives/loop-mmbroken-000000.md"), """
                ---
                loopId: loop-mmbroken-000000
                project: joelclaw
                storiesCompleted: [3
                ---
                ## Summary

                The frontmatter above is broken on purpose: the sync reports this retro with its line number.
                """);
        return loops;
    }

    private static String suffix(Random random) {
        String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return out.toString();
    }

    private static String retro(Loop loop) {
        StringBuilder out = new StringBuilder();
        out.append("---\nloopId: ").append(loop.id).append("\nproject: ").append(loop.project).append("\ndate: ")
                .append(DateTimeFormatter.ISO_INSTANT.format(loop.when)).append("\nstoriesCompleted: ")
                .append(loop.count("pass")).append("\nstoriesFailed: ").append(loop.count("fail"))
                .append("\nstoriesSkipped: ").append(loop.count("skip")).append("\n---\n\n");
        out.append("## Summary\n").append(loop.project).append(": ").append(loop.count("pass")).append(" of ")
                .append(loop.stories.size()).append(" stories passed.\n\n## Story Outcomes\n\n")
                .append("| id | title | result | attempts | tool |\n| --- | --- | --- | --- | --- |\n");
        for (Story s : loop.stories) {
            out.append("| ").append(cell(s.id)).append(" | ").append(cell(s.title)).append(" | ").append(s.result)
                    .append(" | ").append(s.attempts).append(" | ").append(cell(s.tool)).append(" |\n");
        }
        out.append("\n## Codebase Patterns\n");
        if (loop.patterns.isEmpty()) {
            out.append("No codebase patterns found in Redis progress context.\n");
        } else {
            out.append("## Codebase Patterns\n"); // the extracted section keeps its own heading
            loop.patterns.forEach(p -> out.append("- ").append(p).append('\n'));
        }
        List<Story> worked = loop.stories.stream().filter(s -> "pass".equals(s.result) && s.attempts <= 1).toList();
        List<Story> struggled = loop.stories.stream().filter(s -> !"pass".equals(s.result) || s.attempts > 1).toList();
        out.append("\n## What Worked\n");
        worked.forEach(s -> out.append("- ").append(s.id).append(" passed on first attempt with ").append(s.tool)
                .append(".\n"));
        if (worked.isEmpty()) {
            out.append("- No stories passed on first attempt.\n");
        }
        out.append("\n## What Struggled\n");
        struggled.forEach(s -> out.append("- ").append(s.id).append(' ').append("skip".equals(s.result) ? "skipped"
                : "pass".equals(s.result) ? "needed retries" : "failed").append(" after ").append(s.attempts)
                .append(" attempt(s).\n"));
        if (struggled.isEmpty()) {
            out.append("- No recurring struggles detected.\n");
        }
        out.append("\n## Recommendations\n").append(struggled.isEmpty()
                ? "- Maintain current implementation/review tool split for next loop.\n"
                : "- Prioritize stories with prior retries for earlier human review checkpoints.\n"
                + "- Use strongest-performing tool from first-pass stories as default implementor.\n");
        out.append("\n## Analysis\n");
        loop.lessons.forEach(l -> out.append("- ").append(l).append('\n'));
        out.append("- ok\n1. Numbered lines are notes for the reader, not lessons for the index.\n\n## Narrative\n")
                .append("The loop started from a PRD of ").append(loop.stories.size())
                .append(" stories and ran to completion.\n");
        return out.toString();
    }

    /** The retro template's escapeCell: a pipe inside a cell is written {@code \|}. */
    private static String cell(String value) {
        return value.replace("|", "\\|").replace("\n", " ").strip();
    }

    private static String brainNote(Loop loop) {
        StringBuilder out = new StringBuilder();
        out.append("---\ntype: retro\nloop_id: \"").append(loop.id).append("\"\nproject: \"").append(loop.project)
                .append("\"\ndate: ").append(DateTimeFormatter.ISO_INSTANT.format(loop.when))
                .append("\nstories_completed: ").append(loop.count("pass")).append("\nstories_failed: ")
                .append(loop.count("fail")).append("\nstories_skipped: ").append(loop.count("skip"))
                .append("\n---\n\n# Loop ").append(loop.id).append("\n\n## Summary\n").append(loop.project)
                .append(": ").append(loop.count("pass")).append(" of ").append(loop.stories.size())
                .append(" stories passed.\n\n## Lessons\n");
        loop.lessons.forEach(l -> out.append("- ").append(l).append('\n'));
        out.append("\n## Patterns\n");
        if (loop.patterns.isEmpty()) {
            out.append("(no patterns)\n");
        } else {
            out.append("## Codebase Patterns\n");
            loop.patterns.forEach(p -> out.append("- ").append(p).append('\n'));
        }
        if (loop.stories.stream().anyMatch(s -> "fail".equals(s.result))) {
            out.append("\n## Failed Stories\n");
            loop.stories.stream().filter(s -> "fail".equals(s.result)).forEach(s -> out.append("- **").append(s.id)
                    .append("**: ").append(s.title).append(" (").append(s.attempts).append(" attempts, tool: ")
                    .append(s.tool).append(")\n"));
        }
        return out.toString();
    }

    record Story(String id, String title, String result, int attempts, String tool) {
    }

    record Loop(String id, String project, Instant when, List<Story> stories, List<String> lessons,
                List<String> patterns) {
        long count(String result) {
            return stories.stream().filter(s -> s.result.equals(result)).count();
        }
    }
}
