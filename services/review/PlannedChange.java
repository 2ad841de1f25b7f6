package services.review;

import java.util.List;

/**
 * What approving a proposal would do: the target's text now ({@code before}, empty for a new file) and after.
 * {@code stale}: the target changed since the proposal's {@code base}, and the change was merged onto the current
 * text ({@code conflicts} empty) or could not be ({@code conflicts} lists the conflicting hunks; approval refused,
 * and {@code after} is {@code before}).
 *
 * @param baseText the target as the proposal was written for (its {@code base}); {@code before} when not stale
 * @param intended the proposal's own change applied there: what its author meant, also when it conflicts now
 */
public record PlannedChange(String repo, String path, String before, String after, boolean newFile, boolean stale,
                            List<String> conflicts, String tip, String baseText, String intended) {

    public PlannedChange {
        conflicts = List.copyOf(conflicts);
    }

    /** A change written for the target as it is: its base is {@code before}, its intention {@code after}. */
    public PlannedChange(String repo, String path, String before, String after, boolean newFile, boolean stale,
                         List<String> conflicts, String tip) {
        this(repo, path, before, after, newFile, stale, conflicts, tip, before, after);
    }

    public boolean conflicted() {
        return !conflicts.isEmpty();
    }

    public boolean noChange() {
        return before.equals(after);
    }
}
