package testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import services.review.JGitReviewBranch;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** Real git remotes for the sharing tests: a bare repository, clones of it, workspaces on the clones. */
public final class GitRemotes {

    private GitRemotes() {
    }

    /** Runs git in {@code dir}; fails the test with git's output when it fails. */
    public static String git(Path dir, String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "user.name=Test", "-c", "user.email=test@localhost",
                "-c", "init.defaultBranch=main", "-c", "protocol.file.allow=always"));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new AssertionError("git " + String.join(" ", args) + " failed in " + dir + ":\n" + out);
            }
            return out.strip();
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** A bare repository whose main branch has one commit (a README). */
    public static Path bare(Path tmp) throws IOException {
        Path bare = tmp.resolve("remote.git");
        Path seed = tmp.resolve("seed");
        Files.createDirectories(seed);
        git(tmp, "init", "-q", "--bare", bare.toString());
        git(tmp, "clone", "-q", bare.toString(), seed.toString());
        Files.writeString(seed.resolve("README.md"), "# skills\n");
        git(seed, "add", "README.md");
        git(seed, "commit", "-q", "-m", "Start");
        git(seed, "push", "-q", "origin", "main");
        return bare;
    }

    /** A clone of {@code bare} (its remote is {@code origin}) in {@code dir}. */
    public static Path clone(Path bare, Path dir) {
        git(dir.getParent(), "clone", "-q", bare.toUri().toString(), dir.toString());
        return dir;
    }

    /** A workspace on the repository {@code repo} (skills and behaviour), with extra workspace.json keys. */
    public static Workspace workspace(Path dir, Path repo, String extraKeys) throws IOException {
        Files.createDirectories(dir.resolve("vault"));
        Files.createDirectories(dir.resolve("dream"));
        Files.writeString(dir.resolve(Workspace.FILE_NAME), "{\"name\": \"" + dir.getFileName() + "\", \"vault\": \"vault\", "
                + "\"skillsRepo\": \"" + repo + "\", \"behaviourRepo\": \"" + repo + "\", \"dreamDir\": \"dream\", "
                + "\"profilesDir\": \"vault\"" + (extraKeys.isEmpty() ? "" : ", " + extraKeys) + "}");
        return Fixtures.loader().load(dir);
    }

    /** Commits {@code text} at {@code path} on the review branch (as a decision would), returning the commit. */
    public static String decide(Path repo, String path, String text, String proposalId, String by) {
        try (JGitReviewBranch b = new JGitReviewBranch(repo, "brain/review")) {
            String msg = "skill_update: " + path + "\n\nProposal-Id: " + proposalId + "\nApproved-By: " + by + "\nRisk: low\n";
            return b.commit(path, text.getBytes(StandardCharsets.UTF_8), msg, by, b.tip()).sha();
        }
    }

    /** The commit a ref of a repository (bare or not) points at, or null. */
    public static String ref(Path repo, String ref) {
        try {
            return git(repo, "rev-parse", "--verify", "-q", ref);
        } catch (AssertionError missing) {
            return null;
        }
    }
}
