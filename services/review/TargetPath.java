package services.review;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Set;
import services.text.FoldedPath;
import services.text.LookAlikeText;
import services.text.PlainText;

/**
 * Checks that a proposal's target stays inside its repository: not absolute, no {@code ..}, not into
 * {@code .git/}, no file git or a hook runner reads ({@link #controlFile}), and no symlink on the way that leads out. Returns the repository-relative path with '/'.
 */
public final class TargetPath {

    private TargetPath() {
    }

    public static String check(String proposalId, Path repoRoot, String target) {
        try {
            return checked(proposalId, repoRoot, target);
        } catch (InvalidPathException e) {
            throw new ReviewException("Proposal " + proposalId + ": target " + PlainText.shown(target) + " is not a path "
                    + "this system can use (" + e.getReason() + "). Nothing was written.", e);
        }
    }

    /**
     * Whether a file or folder name — in any case or Unicode form, with the trailing dots Windows drops — is one git
     * or a tool run on checkout, commit or push reads as instructions: every {@code .git*} name ({@code
     * .gitattributes} filters and drivers, {@code .gitmodules}, {@code .gitignore}, {@code .github/} workflows,
     * {@code .gitlab-ci.yml}, {@code .githooks/}) and the hook runners' files.
     */
    static boolean controlFile(String name) {
        String folded = FoldedPath.name(name);
        return folded.startsWith(".git") || HOOK_RUNNERS.contains(folded)
                || folded.startsWith(".pre-commit") || folded.startsWith(".lefthook");
    }

    private static final Set<String> HOOK_RUNNERS = Set.of(".husky", ".envrc", ".lefthook.yml", ".lefthook",
            "lefthook.yml", ".overcommit.yml");

    private static String checked(String proposalId, Path repoRoot, String target) {
        String refused = "Proposal " + proposalId + ": target " + PlainText.shown(target) + " ";
        if (target == null || target.isBlank()) {
            throw new ReviewException("Proposal " + proposalId + " has no target.");
        }
        PlainText.problem(target).ifPresent(why -> {
            throw new ReviewException(refused + "has " + why + "; a target is a file path on one line. Nothing was written.");
        });
        LookAlikeText.pathProblem(target).ifPresent(why -> {
            throw new ReviewException(refused + "has " + why + "; a target must be written in the characters it means "
                    + "(another file could be taken for the one named). Nothing was written.");
        });
        String t = target.replace('\\', '/');
        if (t.endsWith("/")) {
            throw new ReviewException(refused + "ends with '/': it names a folder; a target must be a file path. "
                    + "Nothing was written.");
        }
        if (t.startsWith("/") || t.matches("^[A-Za-z]:.*") || Path.of(target).isAbsolute()) {
            throw new ReviewException(refused + "is an absolute path; targets are relative to the repository. Nothing was written.");
        }
        for (String segment : t.split("/")) {
            if (segment.equals("..")) {
                throw new ReviewException(refused + "contains '..' and could leave the repository. Nothing was written.");
            }
            if (segment.equalsIgnoreCase(".git")) {
                throw new ReviewException(refused + "points into .git/. Nothing was written.");
            }
            if (controlFile(segment)) {
                throw new ReviewException(refused + "names " + PlainText.shown(segment) + ", a file git, the forge or "
                        + "a git hook runner reads as instructions (filters, submodules, ignores, workflows, hooks); "
                        + "a proposal may not write it. Nothing was written.");
            }
        }
        String normalized = Path.of(t).normalize().toString().replace('\\', '/');
        if (normalized.isEmpty() || normalized.equals(".")) {
            throw new ReviewException(refused + "names the repository itself, not a file. Nothing was written.");
        }
        JGitPathCheck.problem(normalized).ifPresent(why -> {
            throw new ReviewException(refused + "is not a path git accepts in a repository (" + why
                    + "). Nothing was written.");
        });
        try {
            Path root = repoRoot.toRealPath();
            Path walk = repoRoot;
            for (String segment : normalized.split("/")) {
                walk = walk.resolve(segment);
                if (Files.isSymbolicLink(walk) || Files.exists(walk, LinkOption.NOFOLLOW_LINKS)) {
                    Path real = Files.exists(walk) ? walk.toRealPath() : null;
                    if (real == null || !real.startsWith(root)) {
                        throw new ReviewException(refused + "resolves through the symlink " + repoRoot.relativize(walk)
                                + " to outside the repository. Nothing was written.");
                    }
                }
            }
        } catch (IOException e) {
            throw new ReviewException(refused + "cannot be checked: " + e.getMessage(), e);
        }
        return normalized;
    }
}
