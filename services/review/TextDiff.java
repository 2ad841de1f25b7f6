package services.review;

import java.util.ArrayList;
import java.util.List;

/**
 * A line diff with word-level highlights (java-diff-utils, see {@link ChangedLines}), as rows usable for unified and
 * side-by-side views. Long unchanged stretches are folded into one {@code SKIP} row, keeping 3 lines of context
 * around each change. A change is a whole text or the hunks of a patch, each numbered from its own first line.
 */
public final class TextDiff {

    public enum Tag { EQUAL, INSERT, DELETE, CHANGE, SKIP }

    /** A run of text within a line; {@code changed} marks the words that differ. */
    public record Segment(String text, boolean changed) {
    }

    /** One row: old line (number 0 = none) and new line, each as segments. {@code SKIP} rows carry the count in oldNo. */
    public record Row(Tag tag, int oldNo, List<Segment> oldLine, int newNo, List<Segment> newLine) {
    }

    /**
     * A stretch of a text and what it became: the old lines ({@code before}) from line {@code oldFirst} of the file,
     * the new ones ({@code after}) from line {@code newFirst}. A whole text is the one hunk at line 1.
     */
    public record Hunk(int oldFirst, int newFirst, String before, String after) {

        public static Hunk whole(String before, String after) {
            return new Hunk(1, 1, before, after);
        }
    }

    private static final int CONTEXT = 3;

    /**
     * Shown after the last line of a text that has no final newline, where that differs between the two sides: the
     * line gains or loses its newline, which the commit changes too (git shows it as "\\ No newline at end of file").
     */
    public static final String NO_NEWLINE = " \u27E8no newline at end of file\u27E9";
    /** {@link #NO_NEWLINE} while lines are compared: a mark, not a word, so it does not make unlike lines alike. */
    private static final String MARK = " \uE000";

    private TextDiff() {
    }

    public static List<Row> rows(String before, String after) {
        return rows(List.of(Hunk.whole(before, after)));
    }

    /** The rows of the hunks, each numbered from its own first lines; the lines between them fold as unchanged. */
    public static List<Row> rows(List<Hunk> hunks) {
        List<Row> all = new ArrayList<>();
        int nextOld = 1; // the first old line no hunk has shown yet
        for (Hunk h : hunks) {
            int between = h.oldFirst() - nextOld;
            if (between > 0) {
                all.add(new Row(Tag.SKIP, between, List.of(), 0, List.of()));
            }
            List<String> old = marked(h.before());
            for (Row row : ChangedLines.rows(old, marked(h.after()), h.oldFirst(), h.newFirst())) {
                all.add(unmarked(row));
            }
            nextOld = Math.max(nextOld, h.oldFirst() + old.size());
        }
        return fold(all);
    }

    /** The lines of a text, the last one marked when the text has no final newline. */
    private static List<String> marked(String text) {
        List<String> lines = ChangePlanner.lines(text);
        if (!text.isEmpty() && !text.endsWith("\n")) {
            lines.set(lines.size() - 1, lines.get(lines.size() - 1) + MARK);
        }
        return lines;
    }

    /**
     * The row without the mark where both sides have it (or it is unchanged), else with {@link #NO_NEWLINE} where
     * it was: only a difference shows.
     */
    private static Row unmarked(Row row) {
        boolean oldMark = text(row.oldLine()).endsWith(MARK);
        boolean newMark = text(row.newLine()).endsWith(MARK);
        if (!oldMark && !newMark) {
            return row;
        }
        boolean show = !(oldMark && newMark) && row.tag() != Tag.EQUAL;
        return new Row(row.tag(), row.oldNo(), withoutMark(row.oldLine(), show), row.newNo(),
                withoutMark(row.newLine(), show));
    }

    private static List<Segment> withoutMark(List<Segment> line, boolean show) {
        if (!text(line).endsWith(MARK)) {
            return line;
        }
        List<Segment> out = new ArrayList<>(line);
        int left = MARK.length();
        while (left > 0 && !out.isEmpty()) {
            Segment last = out.remove(out.size() - 1);
            if (last.text().length() > left) {
                out.add(new Segment(last.text().substring(0, last.text().length() - left), last.changed()));
                left = 0;
            } else {
                left -= last.text().length();
            }
        }
        if (show) {
            out.add(new Segment(NO_NEWLINE, true));
        }
        return out.isEmpty() ? List.of(new Segment("", false)) : List.copyOf(out);
    }

    /** Folds unchanged stretches (and the lines between hunks, already {@code SKIP} rows) into one {@code SKIP} row. */
    private static List<Row> fold(List<Row> rows) {
        boolean[] keep = new boolean[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).tag() != Tag.EQUAL && rows.get(i).tag() != Tag.SKIP) {
                keep[i] = true;
                for (int j = i - 1; j >= Math.max(0, i - CONTEXT) && rows.get(j).tag() != Tag.SKIP; j--) {
                    keep[j] = true; // context within the hunk: never across the lines between hunks
                }
                for (int j = i + 1; j <= Math.min(rows.size() - 1, i + CONTEXT) && rows.get(j).tag() != Tag.SKIP; j++) {
                    keep[j] = true;
                }
            }
        }
        List<Row> out = new ArrayList<>();
        int skipped = 0;
        for (int i = 0; i < rows.size(); i++) {
            if (keep[i]) {
                if (skipped > 0) {
                    out.add(new Row(Tag.SKIP, skipped, List.of(), 0, List.of()));
                    skipped = 0;
                }
                out.add(rows.get(i));
            } else {
                skipped += rows.get(i).tag() == Tag.SKIP ? rows.get(i).oldNo() : 1;
            }
        }
        if (skipped > 0) {
            out.add(new Row(Tag.SKIP, skipped, List.of(), 0, List.of()));
        }
        return out;
    }

    /** The diff as unified text (for the CLI), in hunks whose {@code @@} headers give the lines' numbers. */
    public static String unified(String path, String before, String after) {
        return unified(path, List.of(Hunk.whole(before, after)));
    }

    /**
     * The hunks as unified text: "--- a/path", "+++ b/path", then per stretch of shown lines its header
     * ({@code @@ -24,6 +24,7 @@}, the numbers the window shows) and its lines with "-", "+" and " " prefixes.
     */
    public static String unified(String path, List<Hunk> hunks) {
        StringBuilder out = new StringBuilder("--- a/" + path + "\n+++ b/" + path + "\n");
        List<Row> group = new ArrayList<>();
        int[] seen = {0, 0}; // the last old and new line number before the group
        for (Row row : rows(hunks)) {
            if (row.tag() == Tag.SKIP) {
                hunk(group, seen, out);
                seen[0] += row.oldNo();
                seen[1] += row.oldNo();
            } else {
                group.add(row);
            }
        }
        hunk(group, seen, out);
        return out.toString();
    }

    private static void hunk(List<Row> rows, int[] seen, StringBuilder out) {
        if (rows.isEmpty()) {
            return;
        }
        int oldCount = (int) rows.stream().filter(r -> r.oldNo() > 0).count();
        int newCount = (int) rows.stream().filter(r -> r.newNo() > 0).count();
        int oldStart = rows.stream().mapToInt(Row::oldNo).filter(n -> n > 0).findFirst().orElse(seen[0]);
        int newStart = rows.stream().mapToInt(Row::newNo).filter(n -> n > 0).findFirst().orElse(seen[1]);
        out.append("@@ -").append(oldStart).append(',').append(oldCount).append(" +").append(newStart).append(',')
                .append(newCount).append(" @@\n");
        for (Row row : rows) {
            if (row.tag() == Tag.EQUAL) {
                out.append(' ').append(gitLine(text(row.newLine())));
                continue;
            }
            if (row.oldNo() > 0) {
                out.append('-').append(gitLine(text(row.oldLine())));
            }
            if (row.newNo() > 0) {
                out.append('+').append(gitLine(text(row.newLine())));
            }
        }
        seen[0] = oldCount == 0 ? seen[0] : oldStart + oldCount - 1;
        seen[1] = newCount == 0 ? seen[1] : newStart + newCount - 1;
        rows.clear();
    }

    /** A line of a unified diff, with git's "\\ No newline at end of file" for a marked last line. */
    private static String gitLine(String line) {
        return line.endsWith(NO_NEWLINE) ? line.substring(0, line.length() - NO_NEWLINE.length())
                + "\n\\ No newline at end of file\n" : line + "\n";
    }

    public static String text(List<Segment> segments) {
        StringBuilder out = new StringBuilder();
        segments.forEach(s -> out.append(s.text()));
        return out.toString();
    }
}
