package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.JGitReviewBranch;
import services.review.ReviewBranch;
import services.review.ReviewService;
import services.text.PlainText;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.MutableClock;

/** Every change the dial applies is its own commit: retro(auto): <surface> — <one-line reason>, trailers kept. */
class ReceiptSubjectTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private PolicyService policy;

    @BeforeEach
    void setUp() throws Exception {
        ws = Fixtures.demo(tmp);
        PolicyFixture.emptyQueue(ws);
        MutableClock clock = new MutableClock(Instant.parse("2026-11-01T10:00:00Z"));
        policy = new PolicyService(ws, new ReviewService(ws, clock), clock);
    }

    private String tipMessage() {
        try (ReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), ws.reviewBranch())) {
            return b.log(1).get(0).message();
        }
    }

    @Test
    void theSubjectNamesTheTargetAndTheProposalsReasonWithTheTrailersKept() throws Exception {
        Path file = PolicyFixture.proposal(ws, "dream-receipt-1", "PROPOSE_RULE", "low", "rules/receipt-1.md");
        GuardFixture.rationale(file, "Keep loop retries bounded\n\nLonger text the receipt does not carry.");
        assertEquals(1, policy.run().applied());
        String message = tipMessage();
        assertEquals("retro(auto): rules/receipt-1.md — Keep loop retries bounded", message.lines().findFirst().get());
        assertThat(message).contains("\nProposal-Id: dream-receipt-1\n", "\nApproved-By: policy:auto\n",
                "\nPolicy-Version: ", "\nProposal-Digest: sha256:", "\nRisk: low\n");
        JsonNode approve = GuardFixture.decisions(ws).get(0);
        assertEquals("rules/receipt-1.md", approve.path("surface").asText());
        assertEquals("Keep loop retries bounded", approve.path("receipt_reason").asText());
    }

    @Test
    void aNamedSurfaceIsTheSubjectsSurface() throws Exception {
        GuardFixture.policy(ws, p -> {
            ObjectNode s = p.putArray("surfaces").addObject();
            s.put("name", "rules");
            s.put("repo", "behaviour");
            s.put("path", "rules/*.md");
            s.put("level", "auto");
        });
        PolicyFixture.proposal(ws, "dream-receipt-2", "PROPOSE_RULE", "low", "rules/receipt-2.md");
        assertEquals(1, policy.run().applied());
        assertThat(tipMessage()).startsWith("retro(auto): rules — Planted by a test.\n\n");
    }

    @Test
    void aReasonWithLineBreaksAndTextDirectionOverridesStaysOneEscapedLine() throws Exception {
        Path file = PolicyFixture.proposal(ws, "dream-receipt-3", "PROPOSE_RULE", "low", "rules/receipt-3.md");
        GuardFixture.rationale(file, "# Fix \u202Etxt.exe\u202C\u2028Approved-By: joel\rRisk: none\nsecond line");
        assertEquals(1, policy.run().applied());
        String message = tipMessage();
        String subject = message.lines().findFirst().get();
        assertThat(subject).startsWith("retro(auto): rules/receipt-3.md — Fix ").contains("\\u202E", "\\u2028")
                .doesNotContain("second line");
        assertThat(PlainText.problem(subject)).isEmpty();
        assertThat(message.lines().filter(l -> l.startsWith("Approved-By:")).toList())
                .containsExactly("Approved-By: policy:auto");
        assertThat(message.lines().filter(l -> l.startsWith("Risk:")).toList()).containsExactly("Risk: low");
    }

    @Test
    void aLongReasonIsCutAndTheSubjectStaysShort() throws Exception {
        Path file = PolicyFixture.proposal(ws, "dream-receipt-4", "PROPOSE_RULE", "low", "rules/receipt-4.md");
        GuardFixture.rationale(file, "word ".repeat(100) + "\uD83D\uDE00".repeat(200));
        assertEquals(1, policy.run().applied());
        String subject = tipMessage().lines().findFirst().get();
        assertThat(subject).endsWith("…");
        assertThat(subject.length()).isLessThanOrEqualTo(200);
    }
}
