package services.review;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.blame.BlameResult;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import services.review.caps.LineDates;

/**
 * {@link LineDates} by JGit's blame, from a commit (the review branch's tip): read from the object database only,
 * never the working tree. A repository or file that cannot be read gives no dates (nothing is flagged by git then).
 */
public final class JGitLineDates implements LineDates {

    private final Path root;

    public JGitLineDates(Path root) {
        this.root = root;
    }

    @Override
    public Map<Integer, Instant> lastChanged(String path, String tip) {
        Map<Integer, Instant> out = new HashMap<>();
        if (tip == null || !ObjectId.isId(tip)) {
            return out;
        }
        try (Repository repo = new FileRepositoryBuilder().setGitDir(root.resolve(".git").toFile()).setMustExist(true)
                .build(); Git git = new Git(repo)) {
            BlameResult blame = git.blame().setStartCommit(ObjectId.fromString(tip)).setFilePath(path).call();
            if (blame == null) {
                return out;
            }
            int lines = blame.getResultContents().size();
            for (int i = 0; i < lines; i++) {
                RevCommit c = blame.getSourceCommit(i);
                if (c != null) {
                    out.put(i, Instant.ofEpochSecond(c.getCommitTime()));
                }
            }
            return out;
        } catch (IOException | GitAPIException | RuntimeException unreadable) {
            return out;
        }
    }
}
