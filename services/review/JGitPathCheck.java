package services.review;

import java.util.Optional;
import org.eclipse.jgit.errors.CorruptObjectException;
import org.eclipse.jgit.lib.ObjectChecker;

/** Git's own rules for a path inside a repository's tree, strict for Windows and macOS checkouts too. */
final class JGitPathCheck {

    private JGitPathCheck() {
    }

    /** Why git would not accept {@code path} (relative, '/'-separated) in a tree, or empty when it would. */
    static Optional<String> problem(String path) {
        try {
            new ObjectChecker().setSafeForWindows(true).setSafeForMacOS(true).checkPath(path);
            return Optional.empty();
        } catch (CorruptObjectException e) {
            return Optional.of(String.valueOf(e.getMessage()));
        }
    }
}
