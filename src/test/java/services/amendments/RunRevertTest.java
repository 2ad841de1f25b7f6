package services.amendments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.audit.Trailers;
import services.review.JGitReviewBranch;
import services.review.ReviewBranch;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;

/** Reverting a whole dream run against a real repository: newest first, one record, all or nothing. */
class RunRevertTest {

    static final String RUN = "dream-run-7";

    @TempDir
    Path tmp;

    private Workspace ws;
    private AmendmentsService service;
    private String branch;
    private final List<String> shas = new ArrayList<>();

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        branch = ws.settings().dreamBranch();
        service = new AmendmentsService(ws, Fixtures.CLOCK);
    }

    private void applyRun(String... targets) {
        shas.addAll(RunFixture.apply(ws, RUN, targets));
    }

    private String commit(String path, String text, String message) {
        return RunFixture.commit(ws, branch, path, text, message);
    }

    private List<ReviewBranch.LogEntry> log() {
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), branch)) {
            return b.log(100);
        }
    }

    private List<JsonNode> decisions(String action) {
        return new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries().stream()
                .filter(e -> e.path("action").asText().equals(action)).toList();
    }

    @Test
    void threeAmendmentsOfARunAreRevertedNewestFirstWithOneRecord() {
        applyRun("rules/a.md", "rules/b.md", "rules/c.md");
        String tip = log().get(0).sha();
        int dreamLines = new DecisionLog(ws.dreamDir().resolve("log.jsonl")).read().entries().size();

        AmendmentsService.RunReverted done = service.revertRun(RUN, "joel", "the run read the wrong retro");

        assertThat(done.reverted()).extracting(AmendmentsService.Reverted::sha)
                .containsExactly(shas.get(2), shas.get(1), shas.get(0));
        List<ReviewBranch.LogEntry> log = log();
        assertThat(log.subList(0, 3)).extracting(e -> Trailers.values(e.message(), "Reverts").get(0).strip())
                .containsExactly(shas.get(0), shas.get(1), shas.get(2)); // the newest commit reverts the oldest
        assertThat(log.get(3).sha()).isEqualTo(tip);
        assertThat(decisions("revert.run")).singleElement().satisfies(r -> {
            assertThat(r.path("run").asText()).isEqualTo(RUN);
            assertThat(r.path("reason").asText()).isEqualTo("the run read the wrong retro");
            assertThat(r.path("reverted")).hasSize(3);
            assertThat(r.path("intents")).hasSize(3);
        });
        assertThat(decisions("revert.begun")).hasSize(3);
        assertThat(decisions("revert")).isEmpty();
        List<JsonNode> dream = new DecisionLog(ws.dreamDir().resolve("log.jsonl")).read().entries();
        assertThat(dream).hasSize(dreamLines + 1);
        assertThat(dream.get(dream.size() - 1).path("outputs")).hasSize(3);
        assertThat(service.ofRun(RUN)).allSatisfy(a -> assertThat(a.status()).isEqualTo(AmendmentsService.Status.REVERTED));
        assertThat(service.recover()).isEmpty(); // the one record closed every intent
    }

    @Test
    void aConflictInTheMiddleCommitsNothingAndSaysWhichAndWhy() {
        applyRun("rules/a.md", "rules/b.md", "rules/c.md");
        commit("rules/b.md", "# rule b, edited by a person since\n", "edit b by hand");
        String tip = log().get(0).sha();

        AmendmentException e = assertThrows(AmendmentException.class, () -> service.revertRun(RUN, "joel", "bad run"));

        assertThat(e.getMessage()).contains("Run \"" + RUN + "\"").contains(shas.get(1).substring(0, 10))
                .contains("conflicts with later changes").contains("rules/b.md").contains("Nothing was committed");
        assertThat(log().get(0).sha()).isEqualTo(tip);
        assertThat(decisions("revert.run")).isEmpty();
        assertThat(decisions("revert.begun")).isEmpty();
        assertThat(service.ofRun(RUN)).allSatisfy(a -> assertThat(a.status()).isEqualTo(AmendmentsService.Status.APPLIED));
    }

    @Test
    void anAmendmentAlreadyRevertedIsLeftOutAndNamed() {
        applyRun("rules/a.md", "rules/b.md", "rules/c.md");
        service.revert(List.of(shas.get(1)), "joel");

        AmendmentsService.RunReverted done = service.revertRun(RUN, "joel", "whole run");

        assertThat(done.reverted()).extracting(AmendmentsService.Reverted::sha).containsExactly(shas.get(2), shas.get(0));
        assertThat(done.leftOut()).singleElement().satisfies(l -> assertThat(l.why()).contains("already reverted"));
        assertThat(assertThrows(AmendmentException.class, () -> service.revertRun(RUN, "joel", "again")).getMessage())
                .contains("already reverted");
    }

    @Test
    void refusedInWordsWhenReadOnlyFrozenUnknownOrWithoutAReason() {
        applyRun("rules/a.md");
        assertThat(assertThrows(AmendmentException.class, () -> service.revertRun("no-such-run", "joel", "x"))
                .getMessage()).contains("No amendment applied by run \"no-such-run\"").contains(RUN);
        assertThat(assertThrows(AmendmentException.class, () -> service.revertRun(RUN, "joel", " ")).getMessage())
                .contains("--reason");
        assertThat(assertThrows(AmendmentException.class, () -> service.revertRun(RUN, " ", "x")).getMessage())
                .contains("--by");
        AmendmentsService readOnly = new AmendmentsService(ws.withReadOnly(true), Fixtures.CLOCK);
        assertThat(assertThrows(AmendmentException.class, () -> readOnly.revertRun(RUN, "joel", "x")).getMessage())
                .contains("read-only");
        new WorkspaceFile(ws.dir()).update(root -> root.with("policy").put("frozen", true));
        assertThat(assertThrows(AmendmentException.class, () -> service.revertRun(RUN, "joel", "x")).getMessage())
                .contains("frozen");
        assertThat(log().get(0).message()).doesNotContain("Reverts:");
    }
}
