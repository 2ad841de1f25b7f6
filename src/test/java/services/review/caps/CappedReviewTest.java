package services.review.caps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.JGitReviewBranch;
import services.review.ProposalBlocked;
import services.review.ProposalWriter;
import services.review.ReviewException;
import services.review.ReviewService;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;

/** A capped file against a real git repository: the review branch, the approval commit, an edit, the dial. */
class CappedReviewTest {

    private static final String BRANCH = "brain/review";

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        new WorkspaceFile(ws.dir()).update(root -> root.with("policy").putArray("caps").addObject()
                .put("repo", "behaviour").put("path", "soul.md").put("heading", "Principles").put("maxItems", 3)
                .put("staleAfterDays", 90));
        seed(soul("Files are truth (validated: 2026-10-20)", "Café first, always", "Ask before deleting"));
        review = new ReviewService(ws, Fixtures.CLOCK);
    }

    static String soul(String... items) {
        StringBuilder b = new StringBuilder("# Soul\n\n## Principles\n\n");
        for (String i : items) {
            b.append("- ").append(i).append('\n');
        }
        return b.append("\n## Voice\n\n- plain words\n").toString();
    }

    private void seed(String text) {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), BRANCH)) {
            branch.commit("SOUL.md", text.getBytes(StandardCharsets.UTF_8), "seed SOUL.md", "joel", branch.tip());
        }
    }

    private String onBranch() {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), BRANCH)) {
            return new String(branch.read("SOUL.md").orElseThrow().content(), StandardCharsets.UTF_8);
        }
    }

    private int commits() {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), BRANCH)) {
            return branch.log(500).size();
        }
    }

    private void propose(String id, String text, String displaces) throws Exception {
        String base;
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), BRANCH)) {
            base = branch.read("SOUL.md").orElseThrow().blobId();
        }
        Path file = ProposalWriter.write(ws.dreamDir().resolve("proposals"), id + ".md", id, "AMEND_SOUL", "behaviour",
                "SOUL.md", base, List.of("session:" + id), text);
        if (displaces != null) {
            Files.writeString(file, Files.readString(file).replace("\nstatus: pending\n", "\nstatus: pending\n"
                    + "displaces: " + ProposalWriter.quote(displaces) + "\n"));
        }
    }

    @Test
    void atTheCapAnAddingProposalWithoutDisplacementIsRefusedEverywhere() throws Exception {
        propose("p-add", soul("Files are truth (validated: 2026-10-20)", "Café first, always", "Ask before deleting",
                "A fourth"), null);
        int before = commits();

        ReviewService.Item item = review.find("p-add");

        assertThat(item.problem()).contains("capped file SOUL.md › Principles (at most 3)")
                .contains("at its cap of 3 items").contains("'displaces'");
        assertThat(item.approvable()).isFalse();
        assertThat(assertThrows(ProposalBlocked.class, () -> review.approve("p-add", "joel", null)).getMessage())
                .contains("at its cap");
        assertThrows(ReviewException.class, () -> review.approveByPolicy("p-add", "auto", "v1"));
        assertThat(commits()).isEqualTo(before);
    }

    @Test
    void aDisplacingProposalIsOneCommitThatRemovesOneAndAddsOne() throws Exception {
        propose("p-trade", soul("Files are truth (validated: 2026-10-20)", "Ask before deleting", "Receipts or it "
                + "did not happen"), "Café first, always");
        int before = commits();

        ReviewService.Item item = review.find("p-trade");
        CapReview cap = review.capReview(item).orElseThrow();
        review.approve("p-trade", "joel", null);

        assertThat(item.problem()).isNull();
        assertThat(cap.verdict().out()).isEqualTo("Café first, always");
        assertThat(cap.verdict().in()).isEqualTo("Receipts or it did not happen");
        assertThat(commits()).isEqualTo(before + 1);
        assertThat(CappedItems.under(onBranch(), "Principles")).extracting(CappedItems.Item::text)
                .containsExactly("Files are truth (validated: 2026-10-20)", "Ask before deleting",
                        "Receipts or it did not happen");
    }

    @Test
    void aDisplacementNamingNoItemIsRefused() throws Exception {
        propose("p-ghost", soul("Files are truth (validated: 2026-10-20)", "Ask before deleting", "New"),
                "Cafe first, always");
        propose("p-cyr", soul("Files are truth (validated: 2026-10-20)", "Ask before deleting", "New"),
                "Cаfé first, always");

        assertThat(review.find("p-ghost").problem()).contains("not an item of SOUL.md under 'Principles'");
        assertThat(review.find("p-cyr").problem()).contains("not an item of SOUL.md under 'Principles'");
        assertThrows(ProposalBlocked.class, () -> review.approve("p-ghost", "joel", null));
    }

    @Test
    void theDisplacedItemNamedInNfdIsTheItemWrittenInNfc() throws Exception {
        propose("p-nfd", soul("Files are truth (validated: 2026-10-20)", "Ask before deleting", "New"),
                Normalizer.normalize("Café first, always", Normalizer.Form.NFD));

        assertThat(review.find("p-nfd").problem()).isNull();
        review.approve("p-nfd", "joel", null);

        assertThat(onBranch()).doesNotContain("Café first").contains("- New\n");
    }

    @Test
    void anEditedApprovalCannotAddPastTheCap() throws Exception {
        propose("p-edit", soul("Files are truth (validated: 2026-10-20)", "Ask before deleting", "New"),
                "Café first, always");
        int before = commits();

        String edited = soul("Files are truth (validated: 2026-10-20)", "Café first, always", "Ask before deleting",
                "New");
        assertThat(assertThrows(ProposalBlocked.class, () -> review.approve("p-edit", "joel", edited)).getMessage())
                .contains("as edited").contains("does not remove it");
        assertThat(commits()).isEqualTo(before);
    }

    @Test
    void staleItemsAreFlaggedByMarkerOrByGitAndNeverRemoved() throws Exception {
        propose("p-touch", soul("Files are truth (validated: 2026-10-20)", "Café first, always",
                "Ask before deleting, always"), null);
        Clock later = Clock.fixed(Instant.now().plusSeconds(86_400L * 100), ZoneOffset.UTC);
        ReviewService inHundredDays = new ReviewService(ws, later);

        ReviewService.Item item = inHundredDays.find("p-touch");
        List<StaleItems.Stale> stale = inHundredDays.capReview(item).orElseThrow().stale();

        assertThat(stale).extracting(StaleItems.Stale::text).contains("Café first, always")
                .contains("Files are truth (validated: 2026-10-20)");
        assertThat(stale).filteredOn(s -> s.text().startsWith("Café")).extracting(StaleItems.Stale::source)
                .containsExactly("git");
        assertThat(review.capReview(review.find("p-touch")).orElseThrow().stale()).isEmpty();
        assertThat(CappedItems.under(onBranch(), "Principles")).hasSize(3);
    }
}
