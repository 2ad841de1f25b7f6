package services.review;

import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.jgit.errors.CorruptObjectException;
import org.eclipse.jgit.lib.ObjectChecker;

/**
 * Git's own rules for a path inside a repository's tree, strict for Windows and macOS checkouts too; and no part in
 * the shape of a Windows 8.3 short name ({@code SOUL~1.MD}), which on Windows can be a second name of another file.
 */
final class JGitPathCheck {

    /** Up to six characters, {@code ~}, a number, and an extension of up to three: how Windows shortens long names. */
    private static final Pattern SHORT_NAME = Pattern.compile("[^~./]{1,6}~[0-9]+(\\.[^.~/]{0,3})?");

    private JGitPathCheck() {
    }

    /** Why git would not accept {@code path} (relative, '/'-separated) in a tree, or empty when it would. */
    static Optional<String> problem(String path) {
        try {
            new ObjectChecker().setSafeForWindows(true).setSafeForMacOS(true).checkPath(path);
        } catch (CorruptObjectException e) {
            return Optional.of(String.valueOf(e.getMessage()));
        }
        for (String part : path.split("/")) {
            if (SHORT_NAME.matcher(part).matches()) {
                return Optional.of("'" + part + "' has the shape of a Windows 8.3 short name, which can be a second "
                        + "name of another file there");
            }
        }
        return Optional.empty();
    }
}
