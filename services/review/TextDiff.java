package services.review;

import java.util.ArrayList;
import java.util.List;

/**
 * A line diff with word-level highlights (java-diff-utils, see {@link ChangedLines}), as rows usable for unified and
 * side-by-side views.
 * Long unchanged stretches are folded into one {@code SKIP} row, keeping 3 lines of context around each change.
 */
public final class TextDiff {

    public enum Tag { EQUAL, INSERT, DELETE, CHANGE, SKIP }

    /** A run of text within a line; {@code changed} marks the words that differ. */
    public record Segment(String text, boolean changed) {
    }

    /** One row: old line (number 0 = none) and new line, each as segments. {@code SKIP} rows carry the count in oldNo. */
    public record Row(Tag tag, int oldNo, List<Segment> oldLine, int newNo, List<Segment> newLine) {
    }

    private static final int CONTEXT = 3;

    private TextDiff() {
    }

    public static List<Row> rows(String before, String after) {
        return fold(ChangedLines.rows(ChangePlanner.lines(before), ChangePlanner.lines(after), 1, 1));
    }

    private static List<Row> fold(List<Row> rows) {
        boolean[] keep = new boolean[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).tag() != Tag.EQUAL) {
                for (int j = Math.max(0, i - CONTEXT); j <= Math.min(rows.size() - 1, i + CONTEXT); j++) {
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
                skipped++;
            }
        }
        if (skipped > 0) {
            out.add(new Row(Tag.SKIP, skipped, List.of(), 0, List.of()));
        }
        return out;
    }

    /** The diff as unified text (for the CLI): "-", "+", " " prefixes and "…" for folded lines. */
    public static String unified(String path, String before, String after) {
        StringBuilder out = new StringBuilder("--- a/" + path + "\n+++ b/" + path + "\n");
        for (Row row : rows(before, after)) {
            switch (row.tag()) {
                case SKIP -> out.append("  … ").append(row.oldNo()).append(" unchanged lines\n");
                case EQUAL -> out.append(' ').append(text(row.newLine())).append('\n');
                default -> {
                    if (row.oldNo() > 0) {
                        out.append('-').append(text(row.oldLine())).append('\n');
                    }
                    if (row.newNo() > 0) {
                        out.append('+').append(text(row.newLine())).append('\n');
                    }
                }
            }
        }
        return out.toString();
    }

    public static String text(List<Segment> segments) {
        StringBuilder out = new StringBuilder();
        segments.forEach(s -> out.append(s.text()));
        return out.toString();
    }
}
