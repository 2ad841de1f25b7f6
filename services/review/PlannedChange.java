package services.review;

import java.util.List;

/**
 * What approving a proposal would do: the target's text now ({@code before}, empty for a new file) and after.
 * {@code stale}: the target changed since the proposal's {@code base}, and the change was merged onto the current
 * text ({@code conflicts} empty) or could not be ({@code conflicts} lists the conflicting hunks; approval refused).
 */
public record PlannedChange(String repo, String path, String before, String after, boolean newFile, boolean stale,
                            List<String> conflicts, String tip) {

    public PlannedChange {
        conflicts = List.copyOf(conflicts);
    }

    public boolean conflicted() {
        return !conflicts.isEmpty();
    }

    public boolean noChange() {
        return before.equals(after);
    }
}
