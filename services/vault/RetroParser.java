package services.vault;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import services.text.CheckedNumber;
import services.text.PlainText;

/**
 * Parses loop retrospectives and brain notes (formats.md part 5, running-system.md part 3): frontmatter, the story
 * outcome table (cells escaped as the running template's {@code escapeCell} writes them: {@code \|} is a pipe in a
 * cell), the codebase patterns (the template writes the heading twice when the loop had patterns, and a "none
 * found" sentence when it had none), and the lessons (bullets of {@code ## Analysis} longer than 20 characters; for
 * a brain note, of {@code ## Lessons}).
 */
public final class RetroParser {

    public static final int MIN_LESSON_LENGTH = 21;

    /** What the running retro template writes under {@code ## Codebase Patterns} when a loop found none. */
    public static final String NO_PATTERNS = "No codebase patterns found in Redis progress context.";

    /** The running system indexes patterns only when the extracted section (its heading included) is over 50 characters. */
    static final int MIN_PATTERNS_SECTION = 51;

    public record Story(String id, String title, String result, int attempts, String tool) {
    }

    public record Retro(String loopId, String project, String date, Integer completed, Integer failed,
                        Integer skipped, String summary, List<Story> stories, String patterns, List<String> lessons,
                        String text) {
    }

    public Retro parseRetro(String fileStem, String text) {
        Frontmatter front = Frontmatter.parse(text);
        MarkdownSections sections = MarkdownSections.of(front.body());
        String loopId = loopId(front, "loopId", fileStem);
        List<String> lessons = sections.bullets("Analysis").stream()
                .filter(b -> b.length() >= MIN_LESSON_LENGTH).toList();
        return new Retro(loopId, front.string("project"), front.string("date"), count(front, "storiesCompleted"),
                count(front, "storiesFailed"), count(front, "storiesSkipped"), sections.get("Summary"),
                stories(sections.get("Story Outcomes")), patterns(sections.get("Codebase Patterns")), lessons,
                front.body());
    }

    /**
     * The patterns of a retro, or "" when there are none: the template's "none found" sentence (and its brain
     * note's "(no patterns)") is not a pattern, and a section as short as the running system skips is skipped too.
     */
    static String patterns(String section) {
        String text = section.strip();
        if (text.isEmpty() || text.startsWith(NO_PATTERNS.substring(0, NO_PATTERNS.length() - 1))
                || text.equals("(no patterns)") || ("## Codebase Patterns\n" + text).length() < MIN_PATTERNS_SECTION) {
            return "";
        }
        return text;
    }

    public Retro parseBrainNote(String fileStem, String text) {
        Frontmatter front = Frontmatter.parse(text);
        MarkdownSections sections = MarkdownSections.of(front.body());
        String loopId = loopId(front, "loop_id", fileStem);
        List<String> lessons = sections.bullets("Lessons").stream()
                .filter(b -> b.length() >= MIN_LESSON_LENGTH).toList();
        return new Retro(loopId, front.string("project"), front.string("date"), count(front, "stories_completed"),
                count(front, "stories_failed"), count(front, "stories_skipped"), sections.get("Summary"), List.of(),
                sections.get("Patterns"), lessons, front.body());
    }

    /**
     * The loop's id: the frontmatter's {@code key}, else the file's name. It becomes part of a document's id, so a
     * control character, a line break or a text-direction override in it makes the file bad input, named.
     */
    private static String loopId(Frontmatter front, String key, String fileStem) {
        String id = front.string(key) == null ? fileStem : front.string(key);
        Optional<String> why = PlainText.problem(id);
        if (why.isPresent()) {
            throw new VaultFileException("frontmatter '" + key + "' " + PlainText.shown(id) + " has " + why.get());
        }
        return id;
    }

    /** A count of the frontmatter, read by the one checked-number reader: overflow and negatives are bad input. */
    private static Integer count(Frontmatter front, String key) {
        Object value = front.values().get(key);
        if (value == null) {
            return null;
        }
        CheckedNumber.Checked n = CheckedNumber.count(value);
        if (!n.ok()) {
            throw new VaultFileException("frontmatter '" + key + "' must be a whole number, found " + PlainText.shown(String.valueOf(value))
                    + (n.problem().endsWith("is not a whole number") ? "" : ": " + n.problem()));
        }
        return n.value().intValue();
    }

    /**
     * Rows of the {@code id | title | result | attempts | tool} table; header, separator and the template's empty
     * placeholder row ({@code | - | - | …}) skipped. Cells are split on unescaped pipes only; {@code \|} is a pipe
     * inside a cell (a story title such as "Parse a \| b").
     */
    public static List<Story> stories(String table) {
        List<Story> out = new ArrayList<>();
        for (String line : table.split("\n")) {
            String t = line.strip();
            if (!t.startsWith("|")) {
                continue;
            }
            List<String> cells = cells(t);
            if (cells.size() < 5 || cells.get(0).equalsIgnoreCase("id") || cells.get(0).startsWith("-")
                    || cells.get(0).startsWith(":")) {
                continue;
            }
            int attempts;
            try {
                attempts = Integer.parseInt(cells.get(3));
            } catch (NumberFormatException e) {
                attempts = 1;
            }
            out.add(new Story(cells.get(0), cells.get(1), cells.get(2).toLowerCase(Locale.ROOT), attempts,
                    cells.get(4)));
        }
        return out;
    }

    /** The cells of one table row ({@code | a | b \| c |}), unescaped and stripped. */
    static List<String> cells(String row) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        int end = row.length();
        if (end > 1 && row.charAt(end - 1) == '|' && row.charAt(end - 2) != '\\') {
            end--;
        }
        for (int i = 1; i < end; i++) {
            char c = row.charAt(i);
            if (c == '\\' && i + 1 < end && row.charAt(i + 1) == '|') {
                cell.append('|');
                i++;
            } else if (c == '|') {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString().strip());
        return cells;
    }
}
