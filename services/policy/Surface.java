package services.policy;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import services.text.FoldedPath;

/**
 * A file or a glob in one repository ({@code behaviour} or {@code skills}), named in the workspace's policy, with the
 * rung it is configured at. A proposal's target is on a surface when its folded path ({@link FoldedPath}: case,
 * Unicode form, {@code ./}, {@code ..}) is the surface's path or matches its glob — the folding protected paths use.
 */
public record Surface(String name, String repo, String path, Rung level) {

    /** Whether a change of {@code target} in {@code repo} (null: not known, any repository) is on this surface. */
    public boolean covers(String targetRepo, String target) {
        if (target == null || (targetRepo != null && !targetRepo.equals(repo))) {
            return false;
        }
        String t = FoldedPath.path(target);
        String p = FoldedPath.path(path.strip());
        if (isGlob(path)) {
            try {
                return FileSystems.getDefault().getPathMatcher("glob:" + p).matches(Path.of(t));
            } catch (IllegalArgumentException unreadable) { // also an InvalidPathException
                return false;
            }
        }
        return t.equals(p);
    }

    static boolean isGlob(String path) {
        return path.contains("*") || path.contains("?") || path.contains("[") || path.contains("{");
    }
}
