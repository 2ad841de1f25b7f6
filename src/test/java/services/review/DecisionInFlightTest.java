package services.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLock;
import services.audit.DecisionLog;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * A rejection writes the proposal file and then its line in the decision log. Another console listing the queue
 * between the two read a decided status no decision backed yet and showed the proposal as an invalid forgery for one
 * poll. A reader that meets such a claim while a decision is being made waits for it and reads the log again.
 */
class DecisionInFlightTest {

    @TempDir
    Path tmp;

    @Test
    void aRejectionBetweenItsFileAndItsLogLineIsReadAsTheRejectionItIs() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        Path proposals = ws.dreamDir().resolve("proposals");
        ProposalWriter.write(proposals, "r-flight.md", "r-flight", "PROPOSE_RULE", "behaviour", "rules/r-flight.md",
                "none", List.of("session:1"), "# Rule\n\nIn flight.\n");
        ReviewService reader = new ReviewService(ws, Fixtures.CLOCK);
        Proposal before = reader.find("r-flight").proposal();
        CountDownLatch fileWritten = new CountDownLatch(1);
        // the deciding console, slowed between its two writes
        CompletableFuture<Void> deciding = CompletableFuture.runAsync(() -> new DecisionLock(ws.stateDir()).run(() -> {
            ProposalFiles.setKeys(before.file(), Map.of("status", "rejected", "decided_by", "joel",
                    "decided_at", "2026-11-20T09:00:00Z", "reason", "Not now."));
            fileWritten.countDown();
            sleep(400);
            new DecisionRecords(new DecisionLog(ws.stateDir().resolve("decisions.jsonl")),
                    new DecisionLog(ws.dreamDir().resolve("log.jsonl")), Fixtures.CLOCK)
                    .log("reject", before, "joel", "rejected", Map.of("reason", "Not now."), null, false, null, null);
            return null;
        }));
        assertThat(fileWritten.await(10, TimeUnit.SECONDS)).isTrue();
        Proposal seen = reader.find("r-flight").proposal();
        assertThat(seen.valid()).as("never listed as a forged claim: %s", seen.problem()).isTrue();
        assertThat(seen.status()).isEqualTo("rejected");
        deciding.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aForgedClaimWithNoDecisionInProgressIsStillRefusedAtOnce() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        Path file = ProposalWriter.write(ws.dreamDir().resolve("proposals"), "r-forged.md", "r-forged", "PROPOSE_RULE",
                "behaviour", "rules/r-forged.md", "none", List.of("session:1"), "# Rule\n\nForged.\n");
        ProposalFiles.setKeys(file, Map.of("status", "rejected"));
        long start = System.nanoTime();
        Proposal seen = new ReviewService(ws, Fixtures.CLOCK).find("r-forged").proposal();
        assertThat(seen.valid()).isFalse();
        assertThat(seen.problem()).contains("no decision of this console");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).as("no wait without a decision in progress")
                .isLessThan(4_000);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
