package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.telemetry.Telemetry;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * What one operation costs: every proposal file is parsed once, and each repository is opened once (and closed),
 * whatever the number of proposals — counted through a parser and an opener that tally what they are asked.
 */
class ReviewCostTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private final Map<Path, AtomicInteger> parses = new ConcurrentHashMap<>();
    private final Map<Path, AtomicInteger> opens = new ConcurrentHashMap<>();
    private final AtomicInteger closes = new AtomicInteger();
    private ReviewService review;

    @BeforeEach
    void setUp() throws Exception {
        ws = Fixtures.demo(tmp);
        // more open proposals on both repositories than the demo has: the cost must not grow with them
        for (int i = 0; i < 6; i++) {
            ProposalWriter.write(ws.skillProposalsDir(), "sp-cost-" + i + ".md", "sp-cost-" + i, "skill_update", "skills",
                    "skills/cost-" + i + "/SKILL.md", "none", List.of("loop-cost"), "# Cost " + i + "\n");
            ProposalWriter.write(ws.dreamDir().resolve("proposals"), "dream-cost-" + i + ".md", "dream-cost-" + i,
                    "PROPOSE_RULE", "behaviour", "rules/cost-" + i + ".md", "none", List.of("loop-cost"), "# Rule " + i + "\n");
        }
        ProposalParser parser = new ProposalParser();
        review = new ReviewService(ws, Fixtures.CLOCK, Telemetry.noop(), (file, origin) -> {
            parses.computeIfAbsent(file, f -> new AtomicInteger()).incrementAndGet();
            return parser.parse(file, origin);
        }, (root, branch) -> {
            opens.computeIfAbsent(root, r -> new AtomicInteger()).incrementAndGet();
            return new Closing(new JGitReviewBranch(root, branch));
        });
    }

    private int files() {
        return ProposalParser.files(ws.skillProposalsDir()).size()
                + ProposalParser.files(ws.dreamDir().resolve("proposals")).size();
    }

    private void reset() {
        parses.clear();
        opens.clear();
        closes.set(0);
    }

    private void assertEachParsedOnceAndEachRepositoryOpenedOnce(int repositories) {
        assertEquals(files(), parses.size(), "every proposal file is read");
        assertThat(parses.values()).allSatisfy(n -> assertEquals(1, n.get(), "each proposal is parsed once"));
        assertThat(opens.values()).allSatisfy(n -> assertEquals(1, n.get(), "each repository is opened once"));
        assertEquals(repositories, opens.size());
        assertEquals(repositories, closes.get(), "and closed again");
    }

    @Test
    void anApprovalParsesEachProposalOnceAndOpensItsRepositoryOnce() {
        long open = review.list().stream().filter(i -> i.proposal().open()).count();
        assertThat(open).isGreaterThan(12);
        reset();
        ReviewService.Decision d = review.approve("sp-cost-3", "joel", null);
        assertEquals("approved", d.status());
        assertEachParsedOnceAndEachRepositoryOpenedOnce(1);
        assertThat(opens).containsOnlyKeys(ws.skillsRepo());

        reset();
        review.approve("dream-cost-2", "joel", null);
        assertEachParsedOnceAndEachRepositoryOpenedOnce(1);
        assertThat(opens).containsOnlyKeys(ws.behaviourRepo());
    }

    @Test
    void aPolicyApprovalOfAStaleProposalCostsTheSame() {
        review.approveByPolicy("sp-2026-11-15-typesense-recall-03", "auto", "v1");
        assertEachParsedOnceAndEachRepositoryOpenedOnce(1);
    }

    @Test
    void theQueueParsesEachProposalOnceAndOpensEachRepositoryOnce() {
        List<ReviewService.Item> items = review.list();
        assertEquals(files(), items.size());
        assertThat(items).filteredOn(i -> i.proposal().id().startsWith("dream-cost-")).allMatch(ReviewService.Item::approvable);
        assertEachParsedOnceAndEachRepositoryOpenedOnce(2);
    }

    @Test
    void aRejectionParsesEachProposalOnceAndOpensItsRepositoryOnce() {
        review.reject("sp-cost-1", "joel", "not needed");
        assertEachParsedOnceAndEachRepositoryOpenedOnce(1);
        assertEquals("rejected", review.find("sp-cost-1").proposal().status());
    }

    @Test
    void anApprovalACrashCutShortIsFinishedByTheQueueReadingOnlyItsFileAgain() {
        review.onStep(step -> {
            if (step.equals("committed")) {
                throw new IllegalStateException("killed after the commit");
            }
        });
        try {
            review.approve("sp-cost-4", "joel", null);
        } catch (IllegalStateException expected) {
            // the commit is on the branch; the file and the log do not say so yet
        }
        review.onStep(step -> { });
        reset();
        List<ReviewService.Item> items = review.list();
        assertEquals("approved", items.stream().filter(i -> i.proposal().id().equals("sp-cost-4")).findFirst()
                .orElseThrow().proposal().status());
        Path recovered = ws.skillProposalsDir().resolve("sp-cost-4.md");
        assertEquals(2, parses.get(recovered).get(), "the file the approval was written into is read again");
        parses.remove(recovered);
        assertThat(parses.values()).allSatisfy(n -> assertEquals(1, n.get()));
        assertThat(opens.values()).allSatisfy(n -> assertEquals(1, n.get()));
    }

    /** The branch as JGit has it, counting its closing. */
    private final class Closing implements ReviewBranch {
        private final ReviewBranch branch;

        Closing(ReviewBranch branch) {
            this.branch = branch;
        }

        @Override
        public String branch() {
            return branch.branch();
        }

        @Override
        public Optional<String> unwritable() {
            return branch.unwritable();
        }

        @Override
        public Optional<Blob> read(String path) {
            return branch.read(path);
        }

        @Override
        public Optional<byte[]> blob(String blobId) {
            return branch.blob(blobId);
        }

        @Override
        public String tip() {
            return branch.tip();
        }

        @Override
        public Commit commit(String path, byte[] content, String message, String author, String expectedTip) {
            return branch.commit(path, content, message, author, expectedTip);
        }

        @Override
        public Optional<CommitFacts> facts(String sha) {
            return branch.facts(sha);
        }

        @Override
        public ReviewBranch at(String sha) {
            return branch.at(sha);
        }

        @Override
        public List<LogEntry> log(int max) {
            return branch.log(max);
        }

        @Override
        public void close() {
            closes.incrementAndGet();
            branch.close();
        }
    }
}
