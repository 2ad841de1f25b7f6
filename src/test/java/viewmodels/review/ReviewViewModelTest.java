package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.ReviewQueue;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The review queue's view model on the demo's real repositories, without a toolkit. */
class ReviewViewModelTest {

    @TempDir
    Path tmp;

    private ReviewViewModel vm;

    @BeforeEach
    void setUp() {
        Workspace ws = Fixtures.demo(tmp);
        // times in a zone other than the files' UTC, so the test shows they are written in the window's zone
        vm = new ReviewViewModel(new ReviewService(ws, Fixtures.CLOCK), new SynchronousTaskRunner(), "joel", false,
                null, null, null, ZoneId.of("Europe/Berlin"));
        vm.refresh();
    }

    @Test
    void openProposalsComeFirstApprovableOnTopWithCounts() {
        assertThat(vm.countsProperty().get()).startsWith("8 open — ").endsWith(" · 2 invalid");
        assertEquals("dream-2026-11-20-02", vm.rows().get(0).id());
        assertThat(vm.rows()).extracting(QueueRow::state).contains("pending", "stale · merges", "conflict", "blocked",
                "invalid");
        assertThat(vm.rows()).noneMatch(r -> r.status().equals("approved"));
        vm.filterProperty().set(ReviewViewModel.Filter.DECIDED);
        assertThat(vm.rows()).extracting(QueueRow::status).containsExactlyInAnyOrder("approved", "rejected");
    }

    @Test
    void aProposalDecidedElsewhereWhileTheQueueIsOpenIsSaidNotJustGone() {
        Workspace ws = Fixtures.demo(tmp.resolve("elsewhere"));
        ReviewService service = new ReviewService(ws, Fixtures.CLOCK);
        ReviewViewModel here = new ReviewViewModel(service, new SynchronousTaskRunner(), "joel", false);
        here.refresh();
        here.select("dream-2026-11-20-02");
        // another console (or the trust dial's job) approves two proposals; this window reads the queue again
        service.approve("dream-2026-11-20-01", "sam", null);
        here.refresh(); // a run spread over two reads of the queue: the message names both
        service.approve("sp-2026-11-18-loop-nanny-01", "sam", null);
        here.refresh();
        assertThat(here.rows()).extracting(QueueRow::id).doesNotContain("dream-2026-11-20-01",
                "sp-2026-11-18-loop-nanny-01");
        assertThat(here.messageProperty().get()).startsWith("2 proposals were decided elsewhere meanwhile")
                .contains("dream-2026-11-20-01 approved").contains("sp-2026-11-18-loop-nanny-01 approved")
                .contains("Decided filter");
        // a decision made here is its own message, not "elsewhere"
        here.select("dream-2026-11-20-02");
        here.approve();
        assertThat(here.messageProperty().get()).isEmpty(); // its record says it, not "decided elsewhere meanwhile"
        assertThat(here.detail().decisionProperty().get()).startsWith("Approved by joel");
    }

    @Test
    void theDetailShowsRationaleEvidenceAndBothDiffModes() {
        ProposalDetailViewModel d = vm.detail();
        assertEquals("dream-2026-11-20-02 — SOUL.md", d.headingProperty().get());
        // its creation time (03:00 UTC in the file) written as the window writes times, in its zone
        assertThat(d.detailsProperty().get()).contains(" · created 2026-11-20 04:00 · ")
                .doesNotContain("T03:00:00Z");
        assertThat(d.evidenceProperty().get()).startsWith("Evidence: session:");
        assertThat(d.diff()).anyMatch(l -> l.kind().equals("added") && !l.split()
                && l.newText().stream().anyMatch(DiffLine.Segment::changed));
        d.toggleDiffMode();
        assertThat(d.diff()).allMatch(l -> l.split() || l.kind().equals("skip"));
        assertTrue(d.approvableProperty().get());
        vm.select("sp-2026-11-14-gateway-ops-04");
        assertFalse(d.approvableProperty().get());
        assertTrue(d.decidableProperty().get());
        assertThat(d.problemProperty().get()).contains("conflicts").contains("<<<<<<< current");
        vm.approve(); // the key a on a proposal that cannot be approved: refused, pointing at why, not repeating it
        assertThat(vm.messageProperty().get()).isEqualTo("Not approved: what stops it is shown below.");
        vm.select("dream-2026-11-20-04"); // blocked: a target outside the repository
        assertThat(d.problemProperty().get()).isNotEmpty();
        vm.approve();
        assertThat(vm.messageProperty().get()).isEqualTo("Not approved: what stops it is shown below.");
        vm.select("sp-2026-11-14-gateway-ops-04");
        assertThat(vm.rows()).anyMatch(r -> r.id().equals("sp-2026-11-14-gateway-ops-04") && r.state().equals("conflict"));
        vm.select("sp-2026-11-15-typesense-recall-03");
        assertEquals("", d.problemProperty().get());
        // one short line, so the diff below it stays in view at 1100×700
        assertThat(d.noticeProperty().get()).startsWith("Stale: the target changed; ").doesNotContain("\n").hasSizeLessThan(90);
    }

    @Test
    void aDecisionKeepsTheProposalSelectedWithItsNewBadgeAndItsOwnMessage() {
        vm.approve();
        assertEquals("dream-2026-11-20-02", vm.selectedIdProperty().get());
        // said once: the record names the decision, who, when, the commit and its branch (the details the repository)
        assertEquals("", vm.messageProperty().get());
        assertEquals("approved", vm.rows().get(0).state()); // still in its place under Open, until the selection moves
        assertThat(vm.countsProperty().get()).startsWith("7 open").contains("· 3 decided");
        assertFalse(vm.detail().approvableProperty().get());
        assertThat(vm.detail().decisionProperty().get()).startsWith("Approved by joel at ").contains(" · commit ")
                .contains(" on brain/review");
        assertThat(vm.detail().diffCaptionProperty().get()).isEqualTo("The change as committed (SOUL.md):");
        assertThat(vm.detail().diff()).anyMatch(l -> l.kind().equals("added")
                && l.newText().stream().anyMatch(seg -> seg.text().contains("Push back when a plan has a risk")));

        vm.next(); // the message belongs to the approved proposal: it does not follow the selection
        assertEquals("dream-2026-11-20-03", vm.selectedIdProperty().get());
        assertEquals("", vm.messageProperty().get());
        vm.reject("Too broad.");
        assertEquals("dream-2026-11-20-03", vm.selectedIdProperty().get());
        assertEquals("", vm.messageProperty().get()); // the record says it all, once
        assertThat(vm.detail().decisionProperty().get()).startsWith("Rejected by joel").endsWith(" — reason: Too broad.");
        vm.select("dream-2026-11-20-02");
        assertEquals("", vm.messageProperty().get());
        vm.refresh(); // moved off both: the decided ones leave the Open list
        assertThat(vm.rows()).extracting(QueueRow::id).doesNotContain("dream-2026-11-20-03", "dream-2026-11-20-02");

        vm.select("sp-2026-11-14-gateway-ops-04");
        vm.approve();
        assertThat(vm.messageProperty().get()).isEqualTo("Not approved: what stops it is shown below.");
        assertThat(vm.detail().problemProperty().get()).contains("conflicts").contains("<<<<<<< current");
        assertEquals("sp-2026-11-14-gateway-ops-04", vm.selectedIdProperty().get());
    }

    @Test
    void aDecidedProposalLeavesTheOpenListAsSoonAsTheSelectionMovesOffItWithKOrJ() {
        // walk 2: a rejection stayed in the Open list after k, while nothing else re-read the queue
        vm.select("sp-2026-11-19-agent-loop-02");
        vm.reject("too broad for now");
        assertThat(vm.rows()).extracting(QueueRow::id).contains("sp-2026-11-19-agent-loop-02"); // pinned, in place
        List<String> before = vm.rows().stream().map(QueueRow::id).toList();
        String above = before.get(before.indexOf("sp-2026-11-19-agent-loop-02") - 1);
        vm.previous(); // k: no refresh follows
        assertEquals(above, vm.selectedIdProperty().get());
        assertThat(vm.rows()).extracting(QueueRow::id).doesNotContain("sp-2026-11-19-agent-loop-02");
        assertThat(vm.rows()).noneMatch(r -> r.state().equals("rejected"));

        vm.select("sp-2026-11-18-loop-nanny-01");
        vm.approve();
        before = vm.rows().stream().map(QueueRow::id).toList();
        String below = before.get(before.indexOf("sp-2026-11-18-loop-nanny-01") + 1);
        vm.next(); // j
        assertEquals(below, vm.selectedIdProperty().get());
        assertThat(vm.rows()).extracting(QueueRow::id).doesNotContain("sp-2026-11-18-loop-nanny-01");

        vm.select("dream-2026-11-20-01");
        vm.requestChanges("Name its flags.");
        vm.select("dream-2026-11-20-02"); // a click elsewhere
        assertThat(vm.rows()).extracting(QueueRow::id).doesNotContain("dream-2026-11-20-01");
        // the count line and the rows agree: every row shown under Open is open or invalid
        long shownOpen = vm.rows().stream().filter(r -> !r.state().equals("invalid")).count();
        assertThat(vm.countsProperty().get()).startsWith(shownOpen + " open");
        vm.refresh(); // a read of the queue changes nothing more
        assertThat(vm.rows()).extracting(QueueRow::id).doesNotContain("sp-2026-11-19-agent-loop-02",
                "sp-2026-11-18-loop-nanny-01", "dream-2026-11-20-01");
    }

    @Test
    void requestingChangesIsVisibleInTheBadgeTheFilterAndTheCounts() {
        vm.select("dream-2026-11-20-01");
        assertTrue(vm.detail().requestableProperty().get());
        vm.requestChanges("Name the CLI flags it uses.");
        assertEquals("dream-2026-11-20-01", vm.selectedIdProperty().get());
        QueueRow row = vm.rows().stream().filter(r -> r.id().equals("dream-2026-11-20-01")).findFirst().orElseThrow();
        assertEquals("changes requested", row.state());
        assertThat(vm.countsProperty().get()).startsWith("7 open").contains("· 1 changes requested");
        assertFalse(vm.detail().requestableProperty().get()); // it waits for its author now
        assertThat(vm.detail().decisionProperty().get()).startsWith("Changes requested by joel at ")
                .endsWith("feedback: Name the CLI flags it uses.");
        assertThat(vm.detail().detailsProperty().get()).contains("changes requested").doesNotContain("changes_requested");

        vm.next();
        vm.refresh(); // moved off it: it leaves the Open list
        assertThat(vm.rows()).extracting(QueueRow::id).doesNotContain("dream-2026-11-20-01");
        vm.filterProperty().set(ReviewViewModel.Filter.CHANGES_REQUESTED);
        assertThat(vm.rows()).extracting(QueueRow::id).containsExactly("dream-2026-11-20-01");
        assertThat(vm.rows()).extracting(QueueRow::state).containsExactly("changes requested");
    }

    @Test
    void aDecidedProposalShowsItsRecordFromTheFile() {
        vm.filterProperty().set(ReviewViewModel.Filter.DECIDED);
        vm.select("sp-2026-11-11-k8s-cluster-06");
        ProposalDetailViewModel d = vm.detail();
        assertEquals("Rejected by joel at 2026-11-21 10:00 — reason: Helm is out of scope for the home cluster.",
                d.decisionProperty().get());
        assertThat(d.diff()).isNotEmpty();
        assertThat(d.diffCaptionProperty().get()).contains("as proposed");
        assertFalse(d.decidableProperty().get());
        vm.select("sp-2026-11-10-vault-notes-05");
        assertThat(d.decisionProperty().get()).startsWith("Approved by joel at 2026-11-21 10:00");
        assertThat(d.diffCaptionProperty().get()).startsWith("No commit is recorded");
        assertThat(vm.rows()).extracting(QueueRow::group).noneMatch(g -> g.contains("_"));
    }

    /** Walk 2: a decided or invalid proposal showed four disabled buttons and "Keys: … a approve · r reject …". */
    @Test
    void aDecidedOrInvalidProposalOffersOnlyWhatApplies() {
        ProposalDetailViewModel d = vm.detail();
        assertEquals("Keys: j / k move · a approve · r reject · c request changes · e edit, then approve"
                + " · d unified / side by side · f filter", d.keysProperty().get()); // no effect on recall here: no s
        assertEquals("", d.closedProperty().get());
        assertTrue(d.hasDiffProperty().get());

        assertThat(vm.rows()).filteredOn(r -> r.state().equals("invalid")).isNotEmpty()
                .extracting(QueueRow::group).as("the badge says invalid; the row said it twice")
                .doesNotContain("invalid").allMatch(g -> !g.isBlank() && !g.contains("_"));
        vm.select("dream-2026-11-20-06"); // invalid: nothing to decide, no diff
        assertEquals("Keys: j / k move · f filter", d.keysProperty().get());
        assertThat(d.closedProperty().get()).startsWith("Invalid — nothing to decide");
        assertFalse(d.hasDiffProperty().get()); // the diff pane folds to its caption
        assertThat(d.diffCaptionProperty().get()).startsWith("No diff: nothing would be written");

        vm.select("dream-2026-11-20-04"); // blocked: still open, it can be rejected or sent back — not approved
        assertThat(d.keysProperty().get()).contains("r reject · c request changes").doesNotContain("approve");
        assertThat(d.detailsProperty().get()).as("the details say the badge's state").contains(" · blocked · ")
                .doesNotContain(" · pending · ");
        assertEquals("", d.closedProperty().get());

        vm.select("dream-2026-11-20-02");
        vm.approve();
        assertEquals("Keys: j / k move · d unified / side by side · f filter", d.keysProperty().get());
        assertEquals("Approved — nothing left to decide; its record is below.", d.closedProperty().get());
        vm.filterProperty().set(ReviewViewModel.Filter.DECIDED);
        vm.select("sp-2026-11-11-k8s-cluster-06");
        assertThat(d.closedProperty().get()).startsWith("Rejected — ");
        assertThat(d.keysProperty().get()).doesNotContain("approve", "reject");
    }

    /** The Decided filter listed its proposals by group and id: the decision just made could be anywhere in it. */
    @Test
    void decidedProposalsAreListedNewestDecisionFirstInTheWindowAndOnTheCommandLine() {
        AtomicLong minutes = new AtomicLong();
        Clock ticking = new Clock() { // a minute later at every decision
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return Instant.parse("2026-11-26T10:00:00Z").plusSeconds(60 * minutes.incrementAndGet());
            }
        };
        ReviewService service = new ReviewService(Fixtures.demo(tmp.resolve("newest")), ticking);
        ReviewViewModel here = new ReviewViewModel(service, new SynchronousTaskRunner(), "joel", false);
        here.refresh();
        here.select("dream-2026-11-20-02");
        here.approve();
        String rejected = here.rows().stream().filter(r -> r.state().equals("pending") && !r.id().equals(
                "dream-2026-11-20-02")).findFirst().orElseThrow().id();
        here.select(rejected);
        here.reject("Not now.");
        here.filterProperty().set(ReviewViewModel.Filter.DECIDED);
        assertThat(here.rows()).extracting(QueueRow::id).startsWith(rejected, "dream-2026-11-20-02")
                .contains("sp-2026-11-11-k8s-cluster-06", "sp-2026-11-10-vault-notes-05");
        assertThat(ReviewQueue.ordered(service.list(), service.decidedAt()).stream()
                .filter(i -> !i.proposal().open()).map(i -> i.proposal().id()).toList())
                .as("proposals list shares the order").startsWith(rejected, "dream-2026-11-20-02");
    }

    /** A read-only workspace showed an open proposal's four decision buttons, all disabled, and no word why. */
    @Test
    void aReadOnlyWorkspaceSaysSoWhereTheDecisionButtonsStand() {
        ReviewViewModel readOnly = new ReviewViewModel(new ReviewService(Fixtures.demo(tmp.resolve("ro")), Fixtures.CLOCK),
                new SynchronousTaskRunner(),
                "joel", true);
        readOnly.refresh();
        ProposalDetailViewModel d = readOnly.detail();
        readOnly.select("dream-2026-11-20-02");
        assertThat(d.closedProperty().get()).startsWith("Read-only workspace — ").contains("Settings");
        assertFalse(d.decidableProperty().get());
        assertEquals("Keys: j / k move · d unified / side by side · f filter", d.keysProperty().get());
        readOnly.select("dream-2026-11-20-06"); // invalid says what is wrong, read-only or not
        assertThat(d.closedProperty().get()).startsWith("Invalid — ");
        readOnly.filterProperty().set(ReviewViewModel.Filter.DECIDED);
        readOnly.select("sp-2026-11-11-k8s-cluster-06");
        assertThat(d.closedProperty().get()).startsWith("Rejected — ");
    }

    @Test
    void anInvalidProposalsDetailsSayInvalidAndNeverNull() {
        QueueRow invalid = vm.rows().stream().filter(r -> r.state().equals("invalid")).findFirst().orElseThrow();
        vm.select(invalid.id());
        assertThat(vm.detail().detailsProperty().get()).contains("· invalid").doesNotContain("null")
                .doesNotContain("pending");
    }
}
