package services.demo;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Two agent profiles for the demo: dev-qwen, whose lessons-learned.md is over the 2 KB cap and names file paths
 * and issues; and planner, with 12 undigested journal entries (digestion due) and a clean, short lessons file.
 */
final class DemoProfiles {

    private final Path profiles;

    DemoProfiles(Path profiles) {
        this.profiles = profiles;
    }

    void write() throws IOException {
        Path qwen = profiles.resolve("dev-qwen/.profile");
        StringBuilder lessons = new StringBuilder("# Lessons learned\n\n");
        String[] abstractLessons = {
            "Read the tests of a module before changing it; they hold behaviour the issue does not mention.",
            "Split work that touches many files before starting; review stalls on large diffs.",
            "When a command is added, the definition of done includes its documentation.",
            "Prefer a retry with a different approach over the same approach a third time.",
            "Ask for the check that proves an acceptance criterion before writing code."};
        for (String l : abstractLessons) {
            lessons.append("- ").append(l).append('\n');
        }
        lessons.append("- In lib/formula-session.sh the journal hook runs before worktree_cleanup; keep it there.\n");
        lessons.append("- Issue #86 showed that journaling and digestion are one concern.\n");
        lessons.append("- Edit dev/dev-agent.sh with care: it is sourced by every run script.\n");
        for (int i = 0; i < 14; i++) {
            lessons.append("- Keep the reflection about transferable patterns and heuristics, not about what was done "
                    + "in a particular session (").append(i + 1).append(").\n");
        }
        DemoWorkspace.write(qwen.resolve("knowledge/lessons-learned.md"), lessons.toString());
        for (int i = 1; i <= 3; i++) {
            DemoWorkspace.write(qwen.resolve("journal/issue-" + (100 + i) + ".md"), "# Journal\n\nWhat helped: reading "
                    + "the failing test first. What to do differently: split the change earlier.\n");
        }
        DemoWorkspace.write(qwen.resolve("journal/archive/issue-90.md"), "# Journal (digested)\n\nOlder reflection.\n");

        Path planner = profiles.resolve("planner/.profile");
        DemoWorkspace.write(planner.resolve("knowledge/lessons-learned.md"), "# Lessons learned\n\n"
                + "- Plan the smallest slice that proves the idea, then grow it.\n"
                + "- A backlog item without a check for done is not ready.\n");
        for (int i = 1; i <= 12; i++) {
            DemoWorkspace.write(planner.resolve("journal/issue-" + (200 + i) + ".md"), "# Journal\n\nPlanning note " + i
                    + ": the estimate was off because a dependency was not ready; check readiness first.\n");
        }
    }
}
