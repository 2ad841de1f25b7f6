package services.review.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static testsupport.GitRemotes.git;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.eclipse.jgit.util.FileUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.audit.DecisionSharing;
import services.review.DecisionRecord;
import services.review.ReviewException;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Two consoles, two workspaces on two clones of one bare remote: decisions made at the same time on both end on the
 * remote once each and in both decision logs; one proposal decided on both is kept once, the second told whose.
 */
class TwoOperatorsTest {

    private static final String P1 = "sp-2026-11-18-loop-nanny-01";
    private static final String P2 = "sp-2026-11-19-agent-loop-02";
    private static final String P3 = "dream-2026-11-20-01";

    @TempDir
    Path tmp;

    private final ObjectMapper json = new ObjectMapper();

    /** The demo workspace in {@code dir}, its two repositories clones of the shared bare ones, sharing through origin. */
    private ReviewService console(Path dir, Path skills, Path behaviour) throws Exception {
        Workspace ws = Fixtures.demo(dir);
        for (Path[] repo : new Path[][] {{ws.skillsRepo(), skills}, {ws.behaviourRepo(), behaviour}}) {
            if (!Files.exists(repo[1])) {
                git(tmp, "clone", "-q", "--bare", repo[0].toString(), repo[1].toString());
            }
            FileUtils.delete(repo[0].toFile(), FileUtils.RECURSIVE);
            git(tmp, "clone", "-q", repo[1].toUri().toString(), repo[0].toString());
        }
        ObjectNode root = (ObjectNode) json.readTree(ws.dir().resolve(Workspace.FILE_NAME).toFile());
        root.put("reviewRemote", "origin");
        json.writeValue(ws.dir().resolve(Workspace.FILE_NAME).toFile(), root);
        Workspace shared = Fixtures.loader().load(ws.dir());
        ReviewService review = new ReviewService(shared, Fixtures.CLOCK);
        review.share(new SharedDecisions(ReviewSharing.of(shared, Fixtures.CLOCK, tmp.resolve("home"), s -> { }),
                new SynchronousTaskRunner()));
        return review;
    }

    private static List<String> approvals(Path workspaceDir) {
        return new DecisionLog(workspaceDir.resolve("demo/state/decisions.jsonl")).read().entries().stream()
                .filter(e -> "approve".equals(e.path("action").asText()))
                .map(e -> e.path("proposal").asText() + " by " + e.path("by").asText()).toList();
    }

    @Test
    void twoConsolesDecidingAtOnceEndWithEveryDecisionOnTheRemoteOnceAndInBothLogs() throws Exception {
        Path skills = tmp.resolve("skills.git");
        Path behaviour = tmp.resolve("behaviour.git");
        ReviewService alice = console(tmp.resolve("alice"), skills, behaviour);
        ReviewService bob = console(tmp.resolve("bob"), skills, behaviour);

        CyclicBarrier together = new CyclicBarrier(2);
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            Future<ReviewService.Decision> a = two.submit(() -> {
                together.await();
                return alice.approve(P1, "alice", null);
            });
            Future<ReviewService.Decision> b = two.submit(() -> {
                together.await();
                return bob.approve(P2, "bob", null);
            });
            assertEquals("approved", a.get().status());
            assertEquals("approved", b.get().status());
        } finally {
            two.shutdownNow();
        }
        for (String who : List.of("alice", "bob")) {
            Path state = tmp.resolve(who + "/demo/state/review-remote.json");
            assertThat(Files.readString(state)).as(who + " pushed after deciding").contains("\"pushed\"")
                    .doesNotContain("failed");
        }
        // the one that pushed first learns the other's decision on its next fetch (the scheduler's, or before deciding)
        ReviewSharing.of(Fixtures.loader().load(tmp.resolve("alice/demo")), Fixtures.CLOCK).sync();
        ReviewSharing.of(Fixtures.loader().load(tmp.resolve("bob/demo")), Fixtures.CLOCK).sync();
        alice.list();
        bob.list();

        String log = git(skills, "log", "--format=%(trailers:key=Proposal-Id,valueonly)", "brain/review");
        assertThat(log.lines().filter(l -> l.equals(P1))).hasSize(1);
        assertThat(log.lines().filter(l -> l.equals(P2))).hasSize(1);
        assertThat(approvals(tmp.resolve("alice"))).contains(P1 + " by alice", P2 + " by bob");
        assertThat(approvals(tmp.resolve("bob"))).contains(P1 + " by alice", P2 + " by bob");
        assertEquals(git(skills, "rev-parse", "brain/review"),
                git(tmp.resolve("alice/demo/repos/joelclaw"), "rev-parse", "brain/review"));
        assertEquals(git(skills, "rev-parse", "brain/review"),
                git(tmp.resolve("bob/demo/repos/joelclaw"), "rev-parse", "brain/review"));

        // one proposal, decided on both: the second is told who decided it and when, and nothing is committed twice
        alice.approve(P3, "alice", null);
        ReviewException told = assertThrows(ReviewException.class, () -> bob.approve(P3, "bob", null));
        assertThat(told.getMessage()).contains(P3, "already decided by alice on another machine at ",
                "recovered from the shared branch", "Nothing was committed");
        assertThat(Files.readString(tmp.resolve("bob/demo").resolve(bobsFile(P3)))).contains("status: approved",
                "decided_by: alice");
        String after = git(skills, "log", "--format=%(trailers:key=Proposal-Id,valueonly)", "brain/review");
        assertThat(after.lines().filter(l -> l.equals(P3))).hasSize(1);
    }

    @Test
    void aDecisionLearntFromTheRemoteIsRecordedAndShownAsMadeOnAnotherMachineNeverHere() throws Exception {
        Path skills = tmp.resolve("skills.git");
        Path behaviour = tmp.resolve("behaviour.git");
        ReviewService alice = console(tmp.resolve("alice"), skills, behaviour);
        ReviewService bob = console(tmp.resolve("bob"), skills, behaviour);
        alice.approve(P1, "alice", null);
        bob.approve(P2, "bob", null); // fetches first: learns alice's P1

        JsonNode learnt = lastLine(tmp.resolve("bob"), P1);
        assertEquals("alice", learnt.path("by").asText());
        assertEquals(DecisionSharing.RECOVERED, learnt.path("recovered").asText());
        DecisionRecord there = bob.record(bob.find(P1).proposal());
        assertThat(there.elsewhere()).isTrue();
        assertThat(there.summary()).startsWith("approved by alice on another machine at ")
                .endsWith("(recovered from the shared branch)");
        DecisionRecord own = alice.record(alice.find(P1).proposal());
        assertThat(own.elsewhere()).isFalse();
        assertThat(own.summary()).doesNotContain("another machine", "recovered");
        assertThat(bob.record(bob.find(P2).proposal()).elsewhere()).as("bob's own approval").isFalse();
        assertEquals(learnt.path("decided_at").asText(), there.at(), "when alice decided, not when bob learnt it");

        // learnt earlier (no new fetch now): deciding it again is refused with who and when, never recorded as bob's
        ReviewException told = assertThrows(ReviewException.class, () -> bob.approve(P1, "bob", null));
        assertThat(told.getMessage()).contains("already approved by alice on another machine at ",
                "recovered from the shared branch", "Nothing was committed here");
        assertThat(approvals(tmp.resolve("bob"))).doesNotContain(P1 + " by bob").containsOnlyOnce(P1 + " by alice");
        assertThrows(ReviewException.class, () -> bob.reject(P1, "bob", "no"));
    }

    @Test
    void aDecisionReplayedOntoTheRemotesNewerBranchIsLoggedWithItsNewCommitAndShownSo() throws Exception {
        Path skills = tmp.resolve("skills.git");
        Path behaviour = tmp.resolve("behaviour.git");
        ReviewService alice = console(tmp.resolve("alice"), skills, behaviour);
        ReviewService bob = console(tmp.resolve("bob"), skills, behaviour);
        Path bobsSkills = tmp.resolve("bob/demo/repos/joelclaw");
        String url = git(bobsSkills, "remote", "get-url", "origin");
        git(bobsSkills, "remote", "set-url", "origin", "ssh://git@127.0.0.1:" + ReviewSharingTest.closedPort() + "/x.git");
        ReviewService.Decision offline = bob.approve(P2, "bob", null); // committed here, the push waits
        alice.approve(P1, "alice", null); // the remote moves meanwhile

        git(bobsSkills, "remote", "set-url", "origin", url);
        SharedBranch.Report r = ReviewSharing.of(Fixtures.loader().load(tmp.resolve("bob/demo")), Fixtures.CLOCK)
                .sync();
        assertThat(r.failed()).as(r.messages().toString()).isFalse();
        String tip = git(skills, "rev-parse", "brain/review");
        assertThat(tip).isNotEqualTo(offline.commit());
        assertThat(r.messages()).anyMatch(m -> m.contains(P2) && m.contains(tip.substring(0, 10))
                && m.contains("replaces " + offline.commit().substring(0, 10)));

        JsonNode replay = lastLine(tmp.resolve("bob"), P2);
        assertEquals("replay", replay.path("action").asText());
        assertEquals(tip, replay.path("commit").asText());
        assertEquals(offline.commit(), replay.path("replaces").asText());
        assertEquals("bob", replay.path("by").asText());
        assertEquals("approved", replay.path("status").asText());
        DecisionRecord shown = bob.record(bob.find(P2).proposal());
        assertEquals(tip, shown.commit(), "proposals show names the commit on the branch");
        assertThat(shown.summary()).startsWith("approved by bob at ");
        assertThat(approvals(tmp.resolve("bob"))).containsOnlyOnce(P2 + " by bob");
    }

    private static JsonNode lastLine(Path workspaceDir, String id) {
        List<JsonNode> lines = new DecisionLog(workspaceDir.resolve("demo/state/decisions.jsonl")).read().entries()
                .stream().filter(e -> id.equals(e.path("proposal").asText())).toList();
        return lines.get(lines.size() - 1);
    }

    private static String bobsFile(String id) {
        return "dream/proposals/" + id + ".md";
    }
}
