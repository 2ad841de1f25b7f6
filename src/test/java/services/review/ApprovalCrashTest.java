package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import services.audit.DecisionLog;
import services.errors.ConsoleException;
import services.workspace.Workspace;
import testsupport.ChildJvm;
import testsupport.Fixtures;

/**
 * The console killed in the middle of an approval: the approval runs in a child JVM that halts (no finally, no
 * shutdown hook — as kill -9) at each step. Afterwards the commit and the decision are both there or both absent,
 * the restarted console shows the truth, and approving again never makes a second commit.
 */
@Tag("slow") // a child JVM killed at each of twelve steps
class ApprovalCrashTest {

    static final String ID = "dream-2026-11-20-02";

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "killed after: {0}")
    @ValueSource(strings = {"planned", "intended", "committed", "file-written", "logged", "cleared", "never"})
    void commitAndDecisionAreBothThereOrBothAbsent(String step) throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        killedAfter(ws, step);
        String digest = new ReviewService(ws, Fixtures.CLOCK).proposals().stream().filter(p -> p.id().equals(ID))
                .findFirst().orElseThrow().digest();
        assertThat(digest).startsWith("sha256:");
        checkRestarted(ws, step);
    }

    /**
     * Killed at each step, then the agent rewrites the proposal file before the console runs again: an approval whose
     * commit was made is finished as the snapshot it approved (never as the rewritten file), one that was not is
     * nothing; never a second commit, and the write-ahead record is gone once the decision log agrees with git.
     */
    @ParameterizedTest(name = "killed after: {0}, then the file rewritten")
    @ValueSource(strings = {"intended", "committed", "file-written", "logged", "cleared"})
    void anApprovalCutShortIsFinishedAsTheSnapshotItApprovedEvenWhenTheFileIsRewritten(String step) throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        Path file = ws.dreamDir().resolve("proposals").resolve(ID + ".md");
        String before = Files.readString(file);
        String digest = new ReviewService(ws, Fixtures.CLOCK).find(ID).proposal().digest();
        killedAfter(ws, step);
        Files.writeString(file, before.replace("\nrisk: ", "\nrisk: low\nx-note: rewritten\nold-risk: "));
        ReviewService restarted = new ReviewService(Fixtures.loader().load(ws.dir()), Fixtures.CLOCK);
        restarted.list();
        List<JsonNode> approvals = new DecisionLog(ws.stateDir()
                .resolve("decisions.jsonl")).read().entries().stream()
                .filter(e -> e.path("action").asText().equals("approve")).toList();
        long commits = commits(ws);
        assertEquals(commits, approvals.size(), "commit and decision both present or both absent");
        assertThat(inFlight(ws)).as("the write-ahead record is gone once the records agree with git").isEmpty();
        if ("intended".equals(step)) {
            assertEquals(0, commits);
            return;
        }
        assertEquals(1, commits);
        assertThat(approvals.get(0).path("digest").asText()).isEqualTo(digest);
        Proposal p = restarted.find(ID).proposal();
        assertEquals("approved", p.status());
        assertThrows(ReviewException.class, () -> restarted.approve(ID, "joel", null));
        assertEquals(1, commits(ws), "never a second commit");
    }

    private static List<Path> inFlight(Workspace ws) throws IOException {
        Path dir = ws.stateDir().resolve("approvals-in-flight");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (var files = Files.list(dir)) {
            return files.toList();
        }
    }

    private void killedAfter(Workspace ws, String step) throws Exception {
        Process child = new ProcessBuilder(ChildJvm.command(ApprovalChild.class, ws.dir().toString(), ID, step))
                .redirectErrorStream(true).redirectOutput(tmp.resolve("child.log").toFile()).start();
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertEquals("never".equals(step) ? 0 : 137, child.exitValue(), "child exit; see " + tmp.resolve("child.log"));
    }

    private void checkRestarted(Workspace ws, String step) throws Exception {
        ReviewService restarted = new ReviewService(Fixtures.loader().load(ws.dir()), Fixtures.CLOCK);
        ReviewService.Item item = restarted.list().stream().filter(i -> i.proposal().id().equals(ID)).findFirst().orElseThrow();
        long commits = commits(ws);
        long decisions = new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries().stream()
                .filter(e -> e.path("action").asText().equals("approve") && e.path("proposal").asText().equals(ID)).count();
        assertEquals(commits, decisions, "commit and decision both present or both absent");
        assertThat(inFlight(ws)).as("the write-ahead record is gone once the records agree with git").isEmpty();
        if ("planned".equals(step) || "intended".equals(step)) {
            assertEquals(0, commits);
            assertThat(item.proposal().status()).isEqualTo("pending");
            restarted.approve(ID, "joel", null);
        } else {
            assertEquals(1, commits);
            assertThat(item.proposal().status()).isEqualTo("approved");
            assertThrows(ReviewException.class, () -> restarted.approve(ID, "joel", null));
        }
        assertEquals(1, commits(ws), "never a second commit");
    }

    @Test
    void anUnwritableDecisionLogIsReportedAndTheDecisionIsRecordedOnceItCanBe() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        Path log = ws.stateDir().resolve("decisions.jsonl");
        Files.createDirectories(log); // a folder where the log should be: every append fails, as on a full disk
        ReviewService service = new ReviewService(ws, Fixtures.CLOCK);
        ConsoleException e = assertThrows(ConsoleException.class,
                () -> service.approve(ID, "joel", null));
        assertThat(e.getMessage()).startsWith("Cannot write the log " + log);
        assertThat(service.recover()).singleElement().asString().startsWith("Cannot read the log " + log);
        assertThat(service.list()).isNotEmpty();
        Files.delete(log);
        assertThat(service.recover()).singleElement().asString().startsWith("Finished the approval of " + ID);
        assertEquals(1, commits(ws));
        assertEquals(1, new DecisionLog(log).read().entries().size());
        assertThat(service.recover()).isEmpty();
    }

    private static long commits(Workspace ws) {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), ws.reviewBranch())) {
            return branch.log(100).stream().filter(e -> e.message().contains("Proposal-Id: " + ID)).count();
        } catch (ReviewException noBranchYet) {
            return 0;
        }
    }
}
