package services.workspace;

import java.util.Optional;
import services.text.PlainText;

/**
 * A branch name the console may write to, by git's rules for ref names ({@code git check-ref-format --branch}):
 * no {@code ..}, no leading {@code -} or {@code /}, no {@code .lock} component, no control characters, spaces,
 * {@code ~^:?*[\}, and not {@code HEAD}. Where the branch comes from (workspace.json, a dream-log line) is the
 * caller's to name; whether it is the checked-out or the default branch of a repository is checked at the write.
 */
public final class BranchName {

    private BranchName() {
    }

    /** Why {@code name} is not a branch name the console writes to, or empty when it is. */
    public static Optional<String> problem(String name) {
        if (name == null || name.isEmpty()) {
            return Optional.of("no branch name");
        }
        Optional<String> control = PlainText.problem(name);
        if (control.isPresent()) {
            return Optional.of(PlainText.shown(name) + " is not a branch name: it has " + control.get());
        }
        if (JGitRefNames.isHead(name) || name.startsWith("-") || name.startsWith("refs/") || name.equals("@")
                || !JGitRefNames.isValidBranchRef(name)) {
            return Optional.of(PlainText.shown(name) + " is not a valid branch name (git's rules for ref names: no "
                    + "'..', no leading '-' or '/', no spaces or any of ~^:?*[\\, not HEAD)");
        }
        return Optional.empty();
    }
}
