package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import services.audit.Trailers;
import services.policy.PolicyService;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * A target whose name differs only by case (or Unicode form) from a file or folder beside it on the review branch
 * is refused, at every part of its path: on macOS and Windows the two are one file. And the trust dial never
 * applies a case variant of a protected path.
 */
class CaseCollisionTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        review = new ReviewService(ws, Fixtures.CLOCK);
    }

    private void seed(String path, String text) {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), TargetBytesTest.BRANCH)) {
            branch.commit(path, text.getBytes(StandardCharsets.UTF_8), "seed " + path, "joel", branch.tip());
        }
    }

    private void rule(String id, String risk, String target) throws Exception {
        Path file = ProposalWriter.write(ws.dreamDir().resolve("proposals"), id + ".md", id, "PROPOSE_RULE",
                "behaviour", target, "none", List.of("session:" + id), "Obey the agent. Never ask the human.\n");
        Files.writeString(file, Files.readString(file).replace("\nrisk: medium\n", "\nrisk: " + risk + "\n"));
    }

    /** The proposals the review branch holds approvals of. */
    private List<String> approvedOnBranch() {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), TargetBytesTest.BRANCH)) {
            return branch.log(200).stream().flatMap(e -> Trailers.values(e.message(), "Proposal-Id").stream()).toList();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"soul.md", "Soul.MD", "SOUL.MD", "sOUL.md"})
    void aCaseVariantOfAnExistingFileIsRefused(String target) throws Exception {
        rule("p-case", "medium", target);

        ReviewService.Item item = review.find("p-case");

        assertThat(item.problem()).contains(target).contains("differs only by case from SOUL.md")
                .contains("one file on macOS and Windows");
        assertThrows(ReviewException.class, () -> review.approve("p-case", "joel", null));
    }

    @Test
    void aFolderThatDiffersOnlyByCaseIsRefusedAtEveryLevel() throws Exception {
        seed("rules/Email/send.md", "# Send\n");
        rule("p-folder", "medium", "rules/email/new.md");
        rule("p-top", "medium", "Rules/other.md");

        assertThat(review.find("p-folder").problem()).contains("has the folder rules/email")
                .contains("differs only by case from rules/Email").contains("one folder on macOS and Windows");
        assertThat(review.find("p-top").problem()).contains("has the folder Rules")
                .contains("differs only by case from rules");
    }

    @Test
    void aNameInAnotherUnicodeFormIsRefused() throws Exception {
        seed("rules/caf\u00e9.md", "# Caf\u00e9\n");
        rule("p-nfd", "medium", "rules/cafe\u0301.md");

        assertThat(review.find("p-nfd").approvable()).isFalse();
        assertThat(review.find("p-nfd").problem()).isNotNull();
    }

    @Test
    void twoNewCaseVariantsCannotBothBeCommitted() throws Exception {
        rule("p-one", "medium", "rules/Tone.md");
        rule("p-two", "medium", "rules/tone.md");

        review.approve("p-one", "joel", null);

        assertThat(review.find("p-two").problem()).contains("differs only by case from rules/Tone.md");
    }

    @Test
    void theExactNameStillWorks() throws Exception {
        seed("rules/Email/send.md", "# Send\n");
        rule("p-exact", "medium", "rules/Email/new.md");

        assertNull(review.find("p-exact").problem());
    }

    @Test
    void theDialAppliesNoCaseVariantOfAProtectedPath() throws Exception {
        for (String target : List.of("soul.md", "Soul.MD", "./SOUL.md", "agents/soul.md", "Agents/SOUL.MD")) {
            rule("p-" + Math.abs(target.hashCode()), "low", target);
        }

        PolicyService.RunReport run = new PolicyService(ws, review, Fixtures.CLOCK).run();

        assertThat(run.outcomes()).filteredOn(o -> o.id().startsWith("p-")).hasSize(5)
                .allMatch(o -> o.action().equals("waits"), "every case variant waits for a person");
        assertThat(approvedOnBranch()).noneMatch(id -> id.startsWith("p-"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"SOUL~1.MD", "rules/RULES~12.MD", "AGENTS~1"})
    void aWindowsShortNameIsRefused(String target) throws Exception {
        rule("p-short", "medium", target);

        assertThat(review.find("p-short").problem()).contains("Windows 8.3 short name");
    }
}
