package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.amendments.AmendmentException;
import services.amendments.JGitAmendmentHistory;
import services.policy.PolicyService;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;

/**
 * One huge blob is one proposal's problem: a {@code base} naming a blob over the limit, or a target over it, is
 * listed with its size in words, never read whole (JGit's LargeObjectException past 50 MB never escapes), and every
 * other proposal stays listed and decidable — by a person and by the trust dial.
 */
public class BoundedReadsTest {

    /** Past JGit's own threshold for reading an object whole (50 MiB): before the limit, reading it threw. */
    public static final long HUGE = 52L * 1024 * 1024;

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        // every eligible demo change in one policy run (the run's cap has its own tests)
        new WorkspaceFile(ws.dir()).update(root -> root.with("policy").put("autoPerRun", 100));
        review = new ReviewService(ws, Fixtures.CLOCK);
    }

    private String hugeBlob(long size) throws IOException {
        return hugeBlob(ws.behaviourRepo(), size);
    }

    /** Writes a blob of {@code size} bytes of text into a repository's objects, never in memory; returns its id. */
    public static String hugeBlob(Path repoDir, long size) throws IOException {
        try (Repository repo = new FileRepositoryBuilder().setGitDir(repoDir.resolve(".git").toFile()).build();
             ObjectInserter inserter = repo.newObjectInserter()) {
            ObjectId id = inserter.insert(Constants.OBJ_BLOB, size, new Text(size));
            inserter.flush();
            return id.name();
        }
    }

    /** {@code size} bytes of lines of text. */
    private static final class Text extends InputStream {
        private long left;

        Text(long size) {
            left = size;
        }

        @Override
        public int read() {
            return left-- > 0 ? (left % 64 == 0 ? '\n' : 'x') : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (left <= 0) {
                return -1;
            }
            int n = (int) Math.min(len, left);
            for (int i = 0; i < n; i++) {
                b[off + i] = (byte) read();
            }
            return n;
        }
    }

    @Test
    void aBaseNamingAHugeBlobIsThatProposalsProblemAndTheOthersStayDecidable() throws Exception {
        String big = hugeBlob(HUGE);
        TargetBytesTest.patchProposal(ws, "p-huge-base", "SOUL.md", big,
                "--- a/SOUL.md\n+++ b/SOUL.md\n@@ -1 +1 @@\n-x\n+y\n");

        List<ReviewService.Item> items = review.list();

        ReviewService.Item huge = items.stream().filter(i -> i.proposal().id().equals("p-huge-base")).findFirst()
                .orElseThrow();
        assertThat(huge.problem()).contains("its base blob " + big.substring(0, 12)).contains("54.5 MB")
                .contains("the console reads at most 5 MB");
        assertThat(items).anyMatch(i -> i.proposal().id().equals("dream-2026-11-20-03") && i.approvable());
        assertEquals("approved", review.approve("dream-2026-11-20-03", "joel", null).status());
    }

    @Test
    void aHugeTargetIsThatProposalsProblem() throws Exception {
        byte[] six = new byte[6_000_000];
        Arrays.fill(six, (byte) 'x');
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), TargetBytesTest.BRANCH)) {
            branch.commit("rules/huge.md", six, "a huge file", "joel", branch.tip());
        }
        ProposalWriter.write(ws.dreamDir().resolve("proposals"), "p-huge-target.md", "p-huge-target", "PROPOSE_RULE",
                "behaviour", "rules/huge.md", "none", List.of("session:x"), "small\n");

        ReviewService.Item item = review.find("p-huge-target");

        assertThat(item.problem()).contains("its target rules/huge.md").contains("is 6 MB (6000000 bytes)")
                .contains("at most 5 MB");
    }

    @Test
    void thePolicyRunAppliesTheOthersAndLetsTheHugeOneWait() throws Exception {
        String big = hugeBlob(HUGE);
        TargetBytesTest.patchProposal(ws, "p-huge-base", "rules/any.md", big,
                "--- a/rules/any.md\n+++ b/rules/any.md\n@@ -1 +1 @@\n-x\n+y\n");
        ProposalWriter.write(ws.dreamDir().resolve("proposals"), "p-small.md", "p-small", "PROPOSE_RULE",
                "behaviour", "rules/small.md", "none", List.of("session:x"), "a small rule\n");
        Files.writeString(ws.dreamDir().resolve("proposals/p-small.md"), Files.readString(
                ws.dreamDir().resolve("proposals/p-small.md")).replace("risk: medium", "risk: low"));

        PolicyService.RunReport run = new PolicyService(ws, review, Fixtures.CLOCK).run();

        assertThat(run.outcomes()).anyMatch(o -> o.id().equals("p-small") && o.action().equals("applied"));
        assertThat(run.outcomes()).anyMatch(o -> o.id().equals("p-huge-base") && o.action().equals("waits")
                && o.reason().contains("at most 5 MB"));
    }

    @Test
    void anAmendmentWithAHugeBlobSaysSoInsteadOfReadingIt() throws Exception {
        byte[] six = new byte[6_000_000];
        Arrays.fill(six, (byte) 'x');
        String sha;
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), TargetBytesTest.BRANCH)) {
            sha = branch.commit("rules/huge.md", six, "a huge file", "joel", branch.tip()).sha();
        }
        try (JGitAmendmentHistory history = new JGitAmendmentHistory(ws.behaviourRepo())) {
            AmendmentException e = assertThrows(AmendmentException.class,
                    () -> history.changes(sha));
            assertThat(e.getMessage()).contains("is 6 MB").contains("at most 5 MB");
        }
    }
}
