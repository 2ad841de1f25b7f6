package services.vault;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import services.text.CheckedNumber;

/**
 * How many stories of a loop passed, failed and were skipped, and where the figures came from. The retro file's
 * frontmatter ({@code storiesCompleted / storiesFailed / storiesSkipped}) is the authority; an indexed retro
 * carries them in its title — {@code Loop <id> retro — N passed, M failed} as the running system writes it (no
 * skipped count, and no story table in its content); the console's own sync writes
 * {@code Retrospective <id> (<project>) — N passed, M failed, K skipped} —;
 * a retro of neither shape falls back to its story table.
 */
public record RetroCounts(int completed, int failed, int skipped, String from) {

    public static final String FRONTMATTER = "frontmatter";
    public static final String TITLE = "title";
    public static final String TITLE_NO_SKIPPED = "title (skipped not recorded)";
    public static final String TABLE = "story table";
    public static final String UNKNOWN = "unknown";

    private static final Pattern TITLE_COUNTS = Pattern.compile(
            "[—–-]\\s*(\\d+)\\s+passed,\\s*(\\d+)\\s+failed(?:,\\s*(\\d+)\\s+skipped)?", Pattern.CASE_INSENSITIVE);

    /** The counts of a parsed retro file: its frontmatter, else its story table. */
    public static RetroCounts of(RetroParser.Retro retro) {
        if (retro.completed() != null && retro.failed() != null) {
            int skipped = retro.skipped() != null ? retro.skipped() : count(retro.stories(), "skip");
            return new RetroCounts(retro.completed(), retro.failed(), skipped, FRONTMATTER);
        }
        return table(retro.stories());
    }

    /** The counts of an indexed retro: from its title (either writer's), else from a story table in its content. */
    public static RetroCounts ofIndexed(String title, String content) {
        Matcher m = TITLE_COUNTS.matcher(title == null ? "" : title);
        if (m.find()) {
            boolean skipped = m.group(3) != null;
            CheckedNumber.Checked passed = CheckedNumber.count(m.group(1));
            CheckedNumber.Checked failed = CheckedNumber.count(m.group(2));
            CheckedNumber.Checked skips = CheckedNumber.count(skipped ? m.group(3) : "0");
            if (passed.ok() && failed.ok() && skips.ok()) { // a count that overflows is no count: unknown, never wrapped
                return new RetroCounts(passed.value().intValue(), failed.value().intValue(), skips.value().intValue(),
                        skipped ? TITLE : TITLE_NO_SKIPPED);
            }
            return new RetroCounts(0, 0, 0, UNKNOWN);
        }
        List<RetroParser.Story> stories = RetroParser.stories(content == null ? "" : content);
        return stories.isEmpty() ? new RetroCounts(0, 0, 0, UNKNOWN) : table(stories);
    }

    /**
     * The counts of a loop: its retro file in {@code retrosDir} when there is a readable one (the frontmatter),
     * else what the indexed document says.
     */
    public static RetroCounts forLoop(Path retrosDir, String loopId, String title, String content) {
        if (retrosDir != null && loopId != null && !loopId.isBlank() && !loopId.contains("/")) {
            Path file = retrosDir.resolve(loopId + ".md");
            if (Files.isRegularFile(file)) {
                try {
                    RetroCounts counts = of(new RetroParser().parseRetro(loopId,
                            FileText.read(file, FileText.DEFAULT_LIMIT).text()));
                    if (!UNKNOWN.equals(counts.from())) {
                        return counts;
                    }
                } catch (VaultFileException unreadable) {
                    // the indexed document still tells
                }
            }
        }
        return ofIndexed(title, content);
    }

    /** The title the console's sync gives a retro, its counts in the running system's words plus the skipped. */
    public static String title(String loopId, String project, RetroCounts counts) {
        return "Retrospective " + loopId + (project == null ? "" : " (" + project + ")") + " — " + counts.completed()
                + " passed, " + counts.failed() + " failed, " + counts.skipped() + " skipped";
    }

    private static RetroCounts table(List<RetroParser.Story> stories) {
        if (stories.isEmpty()) {
            return new RetroCounts(0, 0, 0, UNKNOWN);
        }
        return new RetroCounts(count(stories, "pass"), count(stories, "fail"), count(stories, "skip"), TABLE);
    }

    private static int count(List<RetroParser.Story> stories, String result) {
        return (int) stories.stream().filter(s -> result.equals(s.result())).count();
    }
}
