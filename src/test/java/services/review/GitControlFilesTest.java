package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
 * A proposal never writes a file git, the forge or a hook runner reads as instructions: {@code .gitattributes}
 * (filters, diff and merge drivers), {@code .gitmodules} (submodule URLs), {@code .gitignore}, {@code .github/}
 * workflows, {@code .husky/} hooks, in any case or Unicode form and at any depth. Such a target is refused for a
 * person and never applied by the dial; nothing reaches the review branch.
 */
class GitControlFilesTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        review = new ReviewService(ws, Fixtures.CLOCK);
    }

    private void rule(String id, String risk, String target) throws Exception {
        Path file = ProposalWriter.write(ws.dreamDir().resolve("proposals"), id + ".md", id, "PROPOSE_RULE",
                "behaviour", target, "none", List.of("session:" + id), "* filter=evil diff=evil\n");
        Files.writeString(file, Files.readString(file).replace("\nrisk: medium\n", "\nrisk: " + risk + "\n"));
    }

    private List<String> approvedOnBranch() {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), TargetBytesTest.BRANCH)) {
            return branch.tip() == null ? List.of() : branch.log(200).stream()
                    .flatMap(e -> Trailers.values(e.message(), "Proposal-Id").stream()).toList();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {".gitattributes", ".gitmodules", ".gitignore", "rules/.gitattributes", ".GitAttributes",
            ".gitattributes.", "./.gitmodules", ".github/workflows/ci.yml", ".GITHUB/workflows/x.yaml",
            ".husky/pre-commit", ".pre-commit-config.yaml", ".envrc", ".githooks/post-checkout",
            ".gitlab-ci.yml"})
    void aFileGitOrAHookRunnerReadsIsRefusedAndNeverCommitted(String target) throws Exception {
        rule("p-git", "medium", target);

        ReviewService.Item item = review.find("p-git");

        assertThat(item.approvable()).isFalse();
        assertThat(item.problem()).contains("git");
        assertThrows(ReviewException.class, () -> review.approve("p-git", "joel", null));
        assertThat(approvedOnBranch()).doesNotContain("p-git");
    }

    @Test
    void theDialAppliesNoneOfThem() throws Exception {
        List<String> targets = List.of(".gitattributes", ".gitmodules", "skills/.gitattributes", ".github/workflows/a.yml");
        for (int i = 0; i < targets.size(); i++) {
            rule("p-dial-" + i, "low", targets.get(i));
        }

        PolicyService.RunReport run = new PolicyService(ws, review, Fixtures.CLOCK).run();

        assertThat(run.outcomes()).filteredOn(o -> o.id().startsWith("p-dial-")).hasSize(targets.size())
                .allMatch(o -> o.action().equals("waits"));
        assertThat(approvedOnBranch()).noneMatch(id -> id.startsWith("p-dial-"));
    }

    @Test
    void anOrdinaryDotlessOrGitNamedFileStillWorks() throws Exception {
        rule("p-ok", "medium", "rules/git-workflow.md");

        assertThat(review.find("p-ok").problem()).isNull();
    }
}
