package viewmodels.review;

import java.util.ArrayList;
import java.util.List;
import services.review.TextDiff;

/** Turns the service's diff rows into the lines the diff component shows, unified or side by side. */
public final class DiffLines {

    private DiffLines() {
    }

    public static List<DiffLine> of(String before, String after, boolean sideBySide) {
        List<DiffLine> out = new ArrayList<>();
        for (TextDiff.Row row : TextDiff.rows(before, after)) {
            if (row.tag() == TextDiff.Tag.SKIP) {
                out.add(new DiffLine(false, "skip", "", List.of(new DiffLine.Segment("⋯ " + row.oldNo() + " unchanged lines", false)),
                        "", List.of()));
                continue;
            }
            String oldNo = row.oldNo() == 0 ? "" : Integer.toString(row.oldNo());
            String newNo = row.newNo() == 0 ? "" : Integer.toString(row.newNo());
            if (sideBySide) {
                String kind = row.tag() == TextDiff.Tag.EQUAL ? "context" : row.tag() == TextDiff.Tag.INSERT ? "added"
                        : row.tag() == TextDiff.Tag.DELETE ? "removed" : "changed";
                out.add(new DiffLine(true, kind, oldNo, segments(row.oldLine()), newNo, segments(row.newLine())));
            } else if (row.tag() == TextDiff.Tag.EQUAL) {
                out.add(new DiffLine(false, "context", oldNo, segments(row.oldLine()), newNo, List.of()));
            } else {
                if (row.oldNo() > 0) {
                    out.add(new DiffLine(false, "removed", oldNo, segments(row.oldLine()), "", List.of()));
                }
                if (row.newNo() > 0) {
                    out.add(new DiffLine(false, "added", "", List.of(), newNo, segments(row.newLine())));
                }
            }
        }
        return out;
    }

    private static List<DiffLine.Segment> segments(List<TextDiff.Segment> in) {
        return in.stream().map(s -> new DiffLine.Segment(s.text(), s.changed())).toList();
    }
}
