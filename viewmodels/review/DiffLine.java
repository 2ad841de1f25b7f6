package viewmodels.review;

import java.util.List;

/**
 * One line of the diff component. Unified: one side is empty. Side by side: both sides. {@code kind} is
 * context, added, removed, changed or skip; segments carry the word-level highlights.
 */
public record DiffLine(boolean split, String kind, String oldNo, List<Segment> oldText, String newNo,
                       List<Segment> newText) {

    public record Segment(String text, boolean changed) {
    }
}
