package app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.BoundedReadsTest;
import services.review.JGitReviewBranch;
import services.review.TargetBytesTest;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * On the command line: a CRLF target shows a one-line change and the commit changes that one line, in CRLF; a
 * proposal whose base is a blob past JGit's 50 MB threshold leaves {@code proposals list} and {@code policy run}
 * exiting 0 with the others, and says what is wrong with it in {@code proposals show}.
 */
class ReviewFidelityCommandTest {

    @TempDir
    Path tmp;

    private String dir;
    private Workspace ws;

    @BeforeEach
    void demo() {
        dir = tmp.resolve("demo").toString();
        assertEquals(0, DemoCommandTest.run("demo", dir).code());
        ws = Fixtures.loader().load(Path.of(dir));
    }

    private static long changedLines(String out) {
        return out.lines().filter(l -> (l.startsWith("+") || l.startsWith("-")) && !l.startsWith("+++")
                && !l.startsWith("---")).count();
    }

    @Test
    void aCrlfTargetIsShownAndCommittedAsOneChangedLine() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 13; i++) {
            text.append("line ").append(i).append("\r\n");
        }
        String base;
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), TargetBytesTest.BRANCH)) {
            branch.commit("rules/crlf.md", text.toString().getBytes(StandardCharsets.UTF_8), "seed", "joel", branch.tip());
            base = branch.read("rules/crlf.md").orElseThrow().blobId();
        }
        TargetBytesTest.patchProposal(ws, "p-crlf", "rules/crlf.md", base,
                "--- a/rules/crlf.md\n+++ b/rules/crlf.md\n@@ -7 +7 @@\n-line 7\n+line seven\n");

        DemoCommandTest.Run show = DemoCommandTest.run("proposals", "show", "p-crlf", "--workspace", dir);
        assertEquals(0, show.code(), show.err());
        assertEquals(2, changedLines(show.out()), show.out());
        DemoCommandTest.Run approve = DemoCommandTest.run("proposals", "approve", "p-crlf", "--by", "joel",
                "--workspace", dir);
        assertEquals(0, approve.code(), approve.err());

        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), TargetBytesTest.BRANCH)) {
            assertArrayEquals(text.toString().replace("line 7\r\n", "line seven\r\n").getBytes(StandardCharsets.UTF_8),
                    branch.read("rules/crlf.md").orElseThrow().content());
        }
    }

    @Test
    void aHugeBaseLeavesTheListAndThePolicyRunWorking() throws Exception {
        String big = BoundedReadsTest.hugeBlob(ws.behaviourRepo(), BoundedReadsTest.HUGE);
        TargetBytesTest.patchProposal(ws, "p-huge", "rules/any.md", big,
                "--- a/rules/any.md\n+++ b/rules/any.md\n@@ -1 +1 @@\n-x\n+y\n");

        DemoCommandTest.Run list = DemoCommandTest.run("proposals", "list", "--workspace", dir);
        assertEquals(0, list.code(), list.err());
        assertThat(list.out()).contains("p-huge").contains("dream-2026-11-20-03");
        DemoCommandTest.Run show = DemoCommandTest.run("proposals", "show", "p-huge", "--workspace", dir);
        assertThat(show.out() + show.err()).contains("54.5 MB").contains("the console reads at most 5 MB")
                .doesNotContain("LargeObjectException").doesNotContain("Unexpected error");
        DemoCommandTest.Run run = DemoCommandTest.run("policy", "run", "--workspace", dir);
        assertEquals(0, run.code(), run.err());
        assertThat(run.out() + run.err()).doesNotContain("Unexpected error");
    }
}
