package services.amendments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.review.JGitReviewBranch;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * A revert is written ahead: its intent (who, which amendment, which commit) is in the decisions log before the
 * revert commit is made, so a revert cut short at any point — killed before or after its commit, or its log line
 * refused by a full disk or an immutable file — ends with the logs agreeing with git: recorded once the commit exists,
 * closed as abandoned when it does not, never "already reverted" with no record of who did it.
 */
class RevertWrittenAheadTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private AmendmentsService service;
    private AmendmentsService.Amendment soul;

    static final class Crash extends Error {
    }

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        service = new AmendmentsService(ws, Fixtures.CLOCK);
        soul = service.list().amendments().stream().filter(a -> a.status() == AmendmentsService.Status.APPLIED
                && a.repo().equals("behaviour")).findFirst().orElseThrow();
    }

    private void crashAt(String step) {
        service.onStep(s -> {
            if (s.equals(step)) {
                throw new Crash();
            }
        });
        assertThrows(Crash.class, () -> service.revert(List.of(soul.sha()), "joel"));
        service.onStep(s -> { });
    }

    private long revertCommits() {
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), soul.branch())) {
            return b.log(200).stream().filter(e -> e.message().contains("Reverts: " + soul.sha())).count();
        }
    }

    private List<JsonNode> decisions(String action) {
        return new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries().stream()
                .filter(e -> e.path("action").asText().equals(action)).toList();
    }

    private long dreamLines() {
        return new DecisionLog(ws.dreamDir().resolve("log.jsonl")).read().entries().stream()
                .flatMap(l -> StreamSupport.stream(l.path("outputs").spliterator(), false))
                .filter(o -> o.path("action").asText().equals("reverted") && o.path("reverts").asText().equals(soul.sha()))
                .count();
    }

    /** Recorded once: one commit, one dream-log line, one decision naming the intent and who asked for it. */
    private void recordedOnce() {
        assertEquals(1, revertCommits());
        assertEquals(1, dreamLines());
        assertThat(decisions("revert")).singleElement().satisfies(d -> {
            assertEquals("joel", d.path("by").asText());
            assertEquals(decisions("revert.begun").get(decisions("revert.begun").size() - 1).path("intent").asText(),
                    d.path("intent").asText());
        });
        assertEquals(AmendmentsService.Status.REVERTED, service.find(soul.sha()).status());
    }

    @Test
    void theIntentIsRecordedBeforeTheCommit() {
        crashAt("begun");
        assertThat(decisions("revert.begun")).singleElement().satisfies(i -> {
            assertEquals("joel", i.path("by").asText());
            assertEquals(soul.sha(), i.path("reverts").asText());
            assertEquals(soul.id(), i.path("amendment").asText());
        });
        assertEquals(0, revertCommits());
        assertEquals(AmendmentsService.Status.APPLIED, service.find(soul.sha()).status()); // the next run closes it
        assertThat(decisions("revert.abandoned")).hasSize(1);
        service.revert(List.of(soul.sha()), "joel");
        recordedOnce();
    }

    @Test
    void killedAfterItsCommitTheNextRunRecordsTheRevert() {
        crashAt("committed");
        assertEquals(1, revertCommits());
        assertEquals(0, dreamLines());
        assertThat(service.list().problems()).anySatisfy(p -> assertThat(p).startsWith("Recorded the revert of "
                + soul.id()));
        recordedOnce();
        assertEquals("joel", decisions("revert").get(0).path("finishedBy").asText(),
                "who finished it is the workspace's reviewer, the one name of that person in every log");
        AmendmentException again = assertThrows(AmendmentException.class, () -> service.revert(List.of(soul.sha()), "joel"));
        assertThat(again.getMessage()).contains("already reverted");
        recordedOnce();
    }

    @Test
    void theSameRevertAgainRecordsTheOneCutShortAndCommitsNothing() {
        crashAt("committed");
        assertThat(assertThrows(AmendmentException.class, () -> service.revert(List.of(soul.sha()), "joel")).getMessage())
                .contains("already reverted");
        recordedOnce();
    }

    @Test
    void anImmutableDreamLogLeavesAnErrorThatSaysTheRevertIsCommittedAndTheNextRunRecordsIt() throws Exception {
        Path log = ws.dreamDir().resolve("log.jsonl");
        assumeTrue(chattr("+i", log), "chattr +i is not available here");
        try {
            AmendmentException e = assertThrows(AmendmentException.class, () -> service.revert(List.of(soul.sha()), "joel"));
            assertThat(e.getMessage()).startsWith("Reverted " + soul.id()).contains("IS committed")
                    .doesNotContain("Nothing was reverted");
            assertEquals(1, revertCommits());
            AmendmentException retry = assertThrows(AmendmentException.class,
                    () -> service.revert(List.of(soul.sha()), "joel"));
            assertThat(retry.getMessage()).contains("already reverted").contains("not yet recorded");
            assertThat(service.list().problems()).anySatisfy(p -> assertThat(p).contains("is not recorded yet"));
        } finally {
            chattr("-i", log);
        }
        assertThat(service.list().problems()).anySatisfy(p -> assertThat(p).startsWith("Recorded the revert of"));
        recordedOnce();
    }

    private static boolean chattr(String flag, Path file) throws Exception {
        try {
            Process p = new ProcessBuilder("chattr", flag, file.toString()).redirectErrorStream(true).start();
            return p.waitFor() == 0 && (!flag.equals("+i") || !Files.isWritable(file)
                    || cannotAppend(file));
        } catch (IOException noChattr) {
            return false;
        }
    }

    private static boolean cannotAppend(Path file) {
        try (var out = Files.newOutputStream(file, StandardOpenOption.APPEND)) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }
}
