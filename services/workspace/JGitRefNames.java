package services.workspace;

import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.Repository;

/** Git's rules for ref names, as JGit applies them. */
final class JGitRefNames {

    private JGitRefNames() {
    }

    /** Whether {@code name} is HEAD itself. */
    static boolean isHead(String name) {
        return name.equals(Constants.HEAD);
    }

    /** Whether {@code refs/heads/<name>} is a valid ref name. */
    static boolean isValidBranchRef(String name) {
        return Repository.isValidRefName(Constants.R_HEADS + name);
    }
}
