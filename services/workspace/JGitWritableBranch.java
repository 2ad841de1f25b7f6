package services.workspace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;

/**
 * The branches the console commits to (the review branch, a dream branch a revert lands on) must be ordinary
 * branches of their own: a valid name, not a symbolic ref, not checked out in the repository or one of its linked
 * worktrees (a commit there leaves the index and working tree behind: the user's next commit would undo it), and
 * not the default branch (origin/HEAD, init.defaultBranch, main or master).
 */
public final class JGitWritableBranch {

    private JGitWritableBranch() {
    }

    /** Why the console must not commit to {@code branch} of {@code repo}, or empty when it may. */
    public static Optional<String> problem(Repository repo, String branch) {
        Optional<String> name = BranchName.problem(branch);
        if (name.isPresent()) {
            return name;
        }
        String full = Constants.R_HEADS + branch;
        try {
            Ref ref = repo.exactRef(full);
            if (ref != null && ref.isSymbolic()) {
                return Optional.of("branch " + branch + " is a symbolic ref to " + ref.getTarget().getName()
                        + "; the console commits only to ordinary branches");
            }
            if (checkedOut(repo).contains(full)) {
                return Optional.of("branch " + branch + " is checked out; a commit there would leave the working tree "
                        + "and index behind it. Use a branch of its own (the review branch is set in workspace.json)");
            }
            if (defaults(repo).contains(branch)) {
                return Optional.of("branch " + branch + " is the repository's default branch; the console never "
                        + "commits to it. Use a branch of its own (the review branch is set in workspace.json)");
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("the branches cannot be read (" + e.getMessage() + ")");
        }
    }

    /** The full names of the branches checked out in the repository and in each of its linked worktrees. */
    private static Set<String> checkedOut(Repository repo) throws IOException {
        Set<String> out = new LinkedHashSet<>();
        Ref head = repo.exactRef(Constants.HEAD);
        if (head != null && head.isSymbolic()) {
            out.add(head.getTarget().getName());
        }
        Path worktrees = repo.getDirectory().toPath().resolve("worktrees");
        if (Files.isDirectory(worktrees)) {
            try (Stream<Path> dirs = Files.list(worktrees)) {
                for (Path dir : dirs.toList()) {
                    Path headFile = dir.resolve("HEAD");
                    if (Files.isRegularFile(headFile)) {
                        String text = new String(Files.readAllBytes(headFile), StandardCharsets.UTF_8).strip();
                        if (text.startsWith("ref: ")) {
                            out.add(text.substring(5).strip());
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The default branch's short names: origin/HEAD's target, init.defaultBranch, and always main and master. */
    private static Set<String> defaults(Repository repo) throws IOException {
        Set<String> out = new LinkedHashSet<>(Set.of("main", "master"));
        Ref originHead = repo.exactRef(Constants.R_REMOTES + Constants.DEFAULT_REMOTE_NAME + "/" + Constants.HEAD);
        if (originHead != null && originHead.isSymbolic()) {
            String target = originHead.getTarget().getName();
            String prefix = Constants.R_REMOTES + Constants.DEFAULT_REMOTE_NAME + "/";
            if (target.startsWith(prefix)) {
                out.add(target.substring(prefix.length()));
            }
        }
        String configured = repo.getConfig().getString("init", null, "defaultBranch");
        if (configured != null && !configured.isBlank()) {
            out.add(configured.strip());
        }
        return out;
    }
}
