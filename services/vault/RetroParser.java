package services.vault;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses loop retrospectives and brain notes (formats.md part 5): frontmatter, the story outcome table, the
 * codebase patterns, and the lessons (bullets of {@code ## Analysis} longer than 20 characters; for a brain note,
 * of {@code ## Lessons}).
 */
public final class RetroParser {

    public static final int MIN_LESSON_LENGTH = 21;

    public record Story(String id, String title, String result, int attempts, String tool) {
    }

    public record Retro(String loopId, String project, String date, Integer completed, Integer failed,
                        Integer skipped, String summary, List<Story> stories, String patterns, List<String> lessons,
                        String text) {
    }

    public Retro parseRetro(String fileStem, String text) {
        Frontmatter front = Frontmatter.parse(text);
        MarkdownSections sections = MarkdownSections.of(front.body());
        String loopId = front.string("loopId") == null ? fileStem : front.string("loopId");
        List<String> lessons = sections.bullets("Analysis").stream()
                .filter(b -> b.length() >= MIN_LESSON_LENGTH).toList();
        return new Retro(loopId, front.string("project"), front.string("date"), count(front, "storiesCompleted"),
                count(front, "storiesFailed"), count(front, "storiesSkipped"), sections.get("Summary"),
                stories(sections.get("Story Outcomes")), sections.get("Codebase Patterns"), lessons, front.body());
    }

    public Retro parseBrainNote(String fileStem, String text) {
        Frontmatter front = Frontmatter.parse(text);
        MarkdownSections sections = MarkdownSections.of(front.body());
        String loopId = front.string("loop_id") == null ? fileStem : front.string("loop_id");
        List<String> lessons = sections.bullets("Lessons").stream()
                .filter(b -> b.length() >= MIN_LESSON_LENGTH).toList();
        return new Retro(loopId, front.string("project"), front.string("date"), count(front, "stories_completed"),
                count(front, "stories_failed"), count(front, "stories_skipped"), sections.get("Summary"), List.of(),
                sections.get("Patterns"), lessons, front.body());
    }

    private static Integer count(Frontmatter front, String key) {
        if (front.values().get(key) != null && front.integer(key) == null) {
            throw new VaultFileException("frontmatter '" + key + "' must be a whole number, found \""
                    + front.values().get(key) + "\"");
        }
        return front.integer(key);
    }

    /** Rows of the {@code id | title | result | attempts | tool} table; header and separator rows skipped. */
    public static List<Story> stories(String table) {
        List<Story> out = new ArrayList<>();
        for (String line : table.split("\n")) {
            String t = line.strip();
            if (!t.startsWith("|")) {
                continue;
            }
            String[] cells = t.substring(1, t.endsWith("|") ? t.length() - 1 : t.length()).split("\\|", -1);
            if (cells.length < 5 || cells[0].strip().equalsIgnoreCase("id") || cells[0].strip().startsWith("-")) {
                continue;
            }
            int attempts;
            try {
                attempts = Integer.parseInt(cells[3].strip());
            } catch (NumberFormatException e) {
                attempts = 1;
            }
            out.add(new Story(cells[0].strip(), cells[1].strip(), cells[2].strip().toLowerCase(), attempts,
                    cells[4].strip()));
        }
        return out;
    }
}
