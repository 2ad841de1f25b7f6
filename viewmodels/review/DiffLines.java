package viewmodels.review;

import java.util.ArrayList;
import java.util.List;
import services.review.TextDiff;

/**
 * Turns the service's diff rows into the lines the diff component shows, unified or side by side. Side by side,
 * lines removed and added with no counterpart stand beside each other, each marked whole.
 */
public final class DiffLines {

    private DiffLines() {
    }

    public static List<DiffLine> of(String before, String after, boolean sideBySide) {
        return of(List.of(TextDiff.Hunk.whole(before, after)), sideBySide);
    }

    /** The lines of a change given as hunks, each numbered from the lines its header names. */
    public static List<DiffLine> of(List<TextDiff.Hunk> change, boolean sideBySide) {
        List<TextDiff.Row> rows = TextDiff.rows(change);
        List<DiffLine> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            TextDiff.Row row = rows.get(i);
            if (row.tag() == TextDiff.Tag.SKIP) {
                out.add(new DiffLine(false, "skip", "", List.of(new DiffLine.Segment("⋯ " + row.oldNo()
                        + (row.oldNo() == 1 ? " unchanged line" : " unchanged lines"), false)), "", List.of()));
            } else if (sideBySide && row.tag() == TextDiff.Tag.DELETE) {
                int removed = run(rows, i, TextDiff.Tag.DELETE);
                int added = run(rows, i + removed, TextDiff.Tag.INSERT);
                for (int k = 0; k < Math.max(removed, added); k++) {
                    TextDiff.Row old = k < removed ? rows.get(i + k) : null;
                    TextDiff.Row now = k < added ? rows.get(i + removed + k) : null;
                    out.add(new DiffLine(true, old == null ? "added" : now == null ? "removed" : "changed",
                            old == null ? "" : number(old.oldNo()), old == null ? List.of() : segments(old.oldLine()),
                            now == null ? "" : number(now.newNo()), now == null ? List.of() : segments(now.newLine())));
                }
                i += removed + added - 1;
            } else if (sideBySide) {
                String kind = row.tag() == TextDiff.Tag.EQUAL ? "context" : row.tag() == TextDiff.Tag.INSERT ? "added"
                        : "changed";
                out.add(new DiffLine(true, kind, number(row.oldNo()), segments(row.oldLine()), number(row.newNo()),
                        segments(row.newLine())));
            } else if (row.tag() == TextDiff.Tag.EQUAL) {
                out.add(new DiffLine(false, "context", number(row.oldNo()), segments(row.oldLine()),
                        number(row.newNo()), List.of()));
            } else {
                if (row.oldNo() > 0) {
                    out.add(new DiffLine(false, "removed", number(row.oldNo()), segments(row.oldLine()), "", List.of()));
                }
                if (row.newNo() > 0) {
                    out.add(new DiffLine(false, "added", "", List.of(), number(row.newNo()), segments(row.newLine())));
                }
            }
        }
        return out;
    }

    /** How many rows from {@code from} on have the tag. */
    private static int run(List<TextDiff.Row> rows, int from, TextDiff.Tag tag) {
        int n = 0;
        while (from + n < rows.size() && rows.get(from + n).tag() == tag) {
            n++;
        }
        return n;
    }

    private static String number(int no) {
        return no == 0 ? "" : Integer.toString(no);
    }

    private static List<DiffLine.Segment> segments(List<TextDiff.Segment> in) {
        return in.stream().map(s -> new DiffLine.Segment(s.text(), s.changed())).toList();
    }
}
