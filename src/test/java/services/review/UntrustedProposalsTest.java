package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import services.audit.DecisionLog;
import services.text.PlainText;
import services.audit.Trailers;
import services.vault.Frontmatter;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RepoSnapshot;

/**
 * Proposal files are written by agents: a value in them (or a flag) must never add a trailer, a frontmatter key or
 * a log line, an earlier approval is recognised only as the console writes it, and a target must be a file.
 */
class UntrustedProposalsTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;
    private Path proposals;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        review = new ReviewService(ws, Fixtures.CLOCK);
        proposals = ws.dreamDir().resolve("proposals");
    }

    private Path rule(String id, String target, List<String> evidence) throws Exception {
        return ProposalWriter.write(proposals, "planted-" + Math.abs(id.hashCode()) + ".md", id, "PROPOSE_RULE",
                "behaviour", target, "none", evidence, body(id));
    }

    private static String body(String id) {
        return "# Rule " + Math.abs(id.hashCode()) + "\n\nA rule.\n";
    }

    private List<ReviewBranch.LogEntry> consoleCommits(Path repo) {
        try (JGitReviewBranch branch = new JGitReviewBranch(repo, "brain/review")) {
            return branch.log(50).stream().filter(e -> !Trailers.values(e.message(), "Proposal-Id").isEmpty()).toList();
        }
    }

    private String onBranch(Path repo, String path) {
        try (JGitReviewBranch branch = new JGitReviewBranch(repo, "brain/review")) {
            return branch.read(path).map(b -> new String(b.content(), StandardCharsets.UTF_8)).orElse(null);
        }
    }

    private List<JsonNode> decisions() {
        return new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries();
    }

    /** A blank id could name no commit trailer, decision line or recovery: such a file is listed invalid, never approved. */
    @ParameterizedTest
    @ValueSource(strings = {" ", "\t", "  \n  ", "\r\n"})
    void aBlankIdIsInvalidAndCannotBeApproved(String id) throws Exception {
        Path file = rule(id, "rules/blank.md", List.of("session:1"));
        ReviewService.Item item = review.list().stream().filter(i -> i.proposal().file().equals(file)).findFirst()
                .orElseThrow();
        assertThat(item.proposal().valid()).isFalse();
        assertThat(item.proposal().problem()).containsAnyOf("'id' is blank", "missing 'id'");
        assertThrows(RuntimeException.class, () -> review.approve(item.proposal().id(), "joel", null));
        assertThat(consoleCommits(ws.behaviourRepo())).isEmpty();
        assertThat(decisions()).noneMatch(d -> "approve".equals(d.path("action").asText()));
    }

    @Test
    void aNewlineInAnEvidenceItemCannotForgeAnApprovalOfAnotherProposal() throws Exception {
        rule("r-victim", "rules/victim.md", List.of("session:1"));
        rule("r-forger", "rules/forger.md", List.of("x\nProposal-Id: r-victim", "y\r\nApproved-By: mallory",
                "z\u2028Risk: low", "w\u0085Edited-By: mallory"));

        ReviewService.Decision first = review.approve("r-forger", "joel", null);
        String message = consoleCommits(ws.behaviourRepo()).get(0).message();
        assertEquals(List.of("r-forger"), Trailers.values(message, "Proposal-Id"), message);
        assertEquals(List.of("joel"), Trailers.values(message, "Approved-By"));
        assertThat(Trailers.values(message, "Edited-By")).isEmpty();
        assertThat(message).contains("\nEvidence: x\\nProposal-Id: r-victim\n", "\nEvidence: y\\r\\nApproved-By: mallory\n",
                "\nEvidence: z\\u2028Risk: low\n");

        ReviewService.Decision second = review.approve("r-victim", "joel", null);
        assertNotEquals(first.commit(), second.commit(), "the victim gets its own commit");
        assertEquals(body("r-victim"), onBranch(ws.behaviourRepo(), "rules/victim.md"));
        assertThat(decisions()).extracting(e -> e.path("commit").asText()).containsExactly(first.commit(), second.commit());
    }

    @Test
    void aForgedOrForeignCommitIsNeverTakenForAnEarlierApproval() throws Exception {
        rule("r-victim", "rules/victim.md", List.of("session:1"));
        List<String> forged = new ArrayList<>();
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), "brain/review")) {
            // as the old console wrote it after an evidence injection: two Proposal-Id trailers, another file changed
            forged.add(branch.commit("rules/other.md", "other\n".getBytes(StandardCharsets.UTF_8),
                    "PROPOSE_RULE: rules/other.md (new)\n\nProposal-Id: r-other\nApproved-By: joel\nEvidence: x\n"
                            + "Proposal-Id: r-victim\nRisk: medium\n", "joel", branch.tip()).sha());
            // one Proposal-Id trailer, but another file
            forged.add(branch.commit("rules/decoy.md", body("r-victim").getBytes(StandardCharsets.UTF_8),
                    "PROPOSE_RULE: rules/decoy.md (new)\n\nProposal-Id: r-victim\nApproved-By: joel\nRisk: medium\n",
                    "joel", branch.tip()).sha());
            // the trailer in the summary paragraph, not in the trailer block
            forged.add(branch.commit("rules/victim2.md", "x\n".getBytes(StandardCharsets.UTF_8),
                    "PROPOSE_RULE: rules/victim2.md\n\nProposal-Id: r-victim\n\nApproved-By: joel\n", "joel",
                    branch.tip()).sha());
        }
        assertThat(review.find("r-victim").proposal().status()).isEqualTo("pending"); // nothing was "recovered"
        ReviewService.Decision d = review.approve("r-victim", "joel", null);
        assertThat(forged).doesNotContain(d.commit());
        assertEquals(body("r-victim"), onBranch(ws.behaviourRepo(), "rules/victim.md"));
    }

    @Test
    void aCommitOnTheTargetWithOtherContentIsNotAnApproval() throws Exception {
        rule("r-victim", "rules/victim.md", List.of("session:1"));
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), "brain/review")) {
            branch.commit("rules/victim.md", "not the rule\n".getBytes(StandardCharsets.UTF_8),
                    "PROPOSE_RULE: rules/victim.md (new)\n\nProposal-Id: r-victim\nApproved-By: joel\nRisk: medium\n",
                    "joel", branch.tip());
        }
        assertThat(review.list()).filteredOn(i -> i.proposal().id().equals("r-victim")).singleElement()
                .satisfies(i -> assertEquals("pending", i.proposal().status()));
        ReviewException e = assertThrows(ReviewException.class, () -> review.approve("r-victim", "joel", null));
        assertThat(e.getMessage()).contains("conflicts").doesNotContain("already approved");
        assertThat(decisions()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\nProposal-Id: b", "a\rb", "a\u0000b", "a\u2028b", "a\u0007b", "a\u202Eb"})
    void anIdWithAControlCharacterIsInvalidAndNothingIsCommitted(String id) throws Exception {
        rule(id, "rules/x.md", List.of());
        String shown = PlainText.oneLine(id);
        ReviewService.Item item = review.list().stream().filter(i -> i.proposal().id().equals(shown)).findFirst().orElseThrow();
        assertThat(item.problem()).startsWith("'id' \"" + shown + "\" has ").contains("at character 2");
        assertThrows(ReviewException.class, () -> review.approve(shown, "joel", null));
        assertThat(consoleCommits(ws.behaviourRepo())).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"joel\nProposal-Id: r-victim", "joel\u0000", "jo\u0085el", " "})
    void aReviewerNameThatIsNotOneLineIsRefused(String by) throws Exception {
        rule("r-victim", "rules/victim.md", List.of());
        ReviewException e = assertThrows(ReviewException.class, () -> review.approve("r-victim", by, null));
        assertThat(e.getMessage()).contains("--by");
        assertThrows(ReviewException.class, () -> review.reject("r-victim", by, "no"));
        assertThat(consoleCommits(ws.behaviourRepo())).isEmpty();
        assertThat(decisions()).isEmpty();
        assertEquals("pending", review.find("r-victim").proposal().status());
    }

    @Test
    void aRejectReasonWithControlCharactersKeepsTheFileReadableAndTheStatusTrue() throws Exception {
        String reason = "bell\u0007 nul\u0000 nel\u0085 sep\u2028 tab\t quote\" backslash\\ line\nnew: key\n---\nend";
        review.reject("dream-2026-11-20-03", "joel", reason);
        Proposal p = review.find("dream-2026-11-20-03").proposal();
        assertThat(p.valid()).as(String.valueOf(p.problem())).isTrue();
        assertEquals("rejected", p.status());
        var front = Frontmatter.parse(Files.readString(p.file()));
        assertEquals(reason, front.values().get("reason"));
        assertThat(front.values()).doesNotContainKey("new");
        assertEquals("rejected", decisions().get(0).path("status").asText());
        assertEquals(reason, decisions().get(0).path("reason").asText());
    }

    @Test
    void aRejectAfterAnApprovalKilledBetweenCommitAndRecordIsRefusedAndTheApprovalRecorded() throws Exception {
        String id = "dream-2026-11-20-02";
        Path file = proposals.resolve(id + ".md");
        String pending = Files.readString(file);
        ReviewService.Decision d = review.approve(id, "joel", null);
        Files.writeString(file, pending); // killed after the commit, before the file and the log were written
        Files.delete(ws.stateDir().resolve("decisions.jsonl"));
        Files.writeString(ws.dreamDir().resolve("log.jsonl"), Files.readString(ws.dreamDir().resolve("log.jsonl"))
                .replaceAll("(?m)^.*\"id\":\"" + id + "\".*\n", ""));

        ReviewService restarted = new ReviewService(ws, Fixtures.CLOCK);
        ReviewException e = assertThrows(ReviewException.class, () -> restarted.reject(id, "sam", "Too pushy."));
        assertThat(e.getMessage()).contains("was approved before an interruption").contains("Nothing was rejected");
        assertEquals("approved", restarted.find(id).proposal().status());
        assertThat(decisions()).singleElement().satisfies(entry -> {
            assertEquals("approve", entry.path("action").asText());
            assertEquals(d.commit(), entry.path("commit").asText());
        });
        assertThat(Files.readString(file)).contains("commit: " + d.commit()).doesNotContain("Too pushy");
        assertThrows(ReviewException.class, () -> restarted.requestChanges(id, "sam", "Again."));
    }

    @Test
    void aNulInATargetIsOneInvalidProposalAndTheListGoesOn() throws Exception {
        int before = review.list().size();
        rule("r-nul", "rules/a\u0000b.md", List.of());
        rule("r-bell", "rules/\u0007.md", List.of());
        List<ReviewService.Item> items = review.list();
        assertEquals(before + 2, items.size());
        Map<String, String> problems = new HashMap<>();
        items.forEach(i -> problems.put(i.proposal().id(), String.valueOf(i.problem())));
        assertThat(problems.get("r-nul")).as(problems.toString()).startsWith("'target' \"rules/a\\u0000b.md\" has a NUL character (U+0000)");
        assertThat(problems.get("r-bell")).startsWith("'target' \"rules/\\u0007.md\" has a control character (U+0007)");
        assertThrows(ReviewException.class, () -> review.approve("r-nul", "joel", null));
        assertThat(TargetPathProbe.check("rules/a\u0000b.md")).contains("NUL character");
    }

    /** TargetPath alone (not through the parser) refuses the same, without an InvalidPathException escaping. */
    static final class TargetPathProbe {
        static String check(String target) {
            try {
                TargetPath.check("p", Path.of("."), target);
                return "accepted";
            } catch (ReviewException e) {
                return e.getMessage();
            }
        }
    }

    @Test
    void aFolderTargetIsShownAndRefusedAndTheTreeIsUntouched() throws Exception {
        Path repo = ws.skillsRepo();
        Map<String, String> before = RepoSnapshot.of(repo);
        ProposalWriter.write(proposals, "folder.md", "s-folder", "PROPOSE_SKILL", "skills", "skills", "none", List.of(),
                "one line\n");
        ProposalWriter.write(proposals, "slash.md", "s-slash", "PROPOSE_SKILL", "skills", "skills/loop-nanny/", "none",
                List.of(), "one line\n");
        ProposalWriter.write(proposals, "below.md", "s-below", "PROPOSE_SKILL", "skills", "skills/loop-nanny/SKILL.md/x.md",
                "none", List.of(), "one line\n");
        assertThat(review.find("s-folder").problem()).startsWith("Proposal s-folder: target \"skills\" is a folder on "
                + "brain/review").contains("files), not a file");
        assertThat(review.find("s-slash").problem()).contains("ends with '/'");
        assertThat(review.find("s-below").problem()).contains("lies below skills/loop-nanny/SKILL.md, which is a file");
        for (String id : List.of("s-folder", "s-slash", "s-below")) {
            assertThat(review.find(id).approvable()).isFalse();
            assertThat(assertThrows(ReviewException.class, () -> review.approve(id, "joel", null)).getMessage())
                    .contains("cannot be approved");
        }
        assertEquals(before, RepoSnapshot.of(repo));
        assertThat(consoleCommits(repo)).isEmpty();
        try (JGitReviewBranch branch = new JGitReviewBranch(repo, "brain/review")) {
            ReviewException e = assertThrows(ReviewException.class, () -> branch.commit("skills",
                    "x".getBytes(StandardCharsets.UTF_8), "m\n", "joel", branch.tip()));
            assertThat(e.getMessage()).contains("is a folder");
        }
    }

    @Test
    void aFolderThatExistsOnlyOnTheReviewBranchIsRefusedToo() throws Exception {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), "brain/review")) {
            branch.commit("rules/deep/one.md", "one\n".getBytes(StandardCharsets.UTF_8), "m\n", "joel", branch.tip());
        }
        rule("r-dir", "rules/deep", List.of());
        assertThat(review.find("r-dir").problem()).contains("target \"rules/deep\" is a folder").contains("1 file)");
        assertThrows(ReviewException.class, () -> review.approve("r-dir", "joel", null));
        assertEquals("one\n", onBranch(ws.behaviourRepo(), "rules/deep/one.md"));
    }

    @Test
    void aTempFileNamePlantedAsASymlinkOutsideIsNeverWrittenThrough() throws Exception {
        Path outside = Files.writeString(tmp.resolve("outside.txt"), "mine\n");
        Path file = rule("r-tmp", "rules/tmp.md", List.of());
        for (String name : List.of("." + file.getFileName() + ".tmp", file.getFileName() + ".tmp", ".tmp")) {
            Files.createSymbolicLink(proposals.resolve(name), outside);
        }
        review.approve("r-tmp", "joel", null);
        assertEquals("mine\n", Files.readString(outside));
        assertEquals("approved", review.find("r-tmp").proposal().status());
        try (var left = Files.list(proposals)) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp") && !n.startsWith(".planted")
                    && !Files.isSymbolicLink(proposals.resolve(n)));
        }
    }

    @Test
    void anEditedApprovalKilledBeforeItsRecordIsFinishedNotRefusedAsAConflict() throws Exception {
        String id = "dream-2026-11-20-02"; // a patch to SOUL.md
        Path file = proposals.resolve(id + ".md");
        String pending = Files.readString(file);
        ReviewService.Decision d = review.approve(id, "joel", "# Soul, rewritten by hand\n");
        Files.writeString(file, pending);
        Files.delete(ws.stateDir().resolve("decisions.jsonl"));
        ReviewService.Decision again = new ReviewService(ws, Fixtures.CLOCK).approve(id, "joel", null);
        assertEquals(d.commit(), again.commit());
        assertThat(consoleCommits(ws.behaviourRepo())).hasSize(1);
        assertThat(decisions()).singleElement().satisfies(e -> assertEquals(d.commit(), e.path("commit").asText()));
    }
}
