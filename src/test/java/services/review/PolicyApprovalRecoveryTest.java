package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import services.audit.DecisionLog;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * A policy approval cut short after its commit (here: the approval stops at a step, as a crash would) is finished
 * by the next listing with what the commit says — the approver {@code policy:<level>} and its {@code policy_version}.
 */
class PolicyApprovalRecoveryTest {

    static final String ID = "dream-2026-11-20-03";

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "cut short after: {0}")
    @ValueSource(strings = {"committed", "file-written"})
    void aRecoveredPolicyApprovalKeepsItsPolicyVersion(String step) throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        ReviewService crashing = new ReviewService(ws, Fixtures.CLOCK);
        crashing.onStep(s -> {
            if (s.equals(step)) {
                throw new IllegalStateException("killed after " + s);
            }
        });
        assertThrows(IllegalStateException.class, () -> crashing.approveByPolicy(ID, "supervised", "a1b2c3d4e5f6"));
        Path log = ws.stateDir().resolve("decisions.jsonl");
        assertThat(Files.exists(log) ? new DecisionLog(log).read().entries() : List.<JsonNode>of()).isEmpty();

        ReviewService restarted = new ReviewService(ws, Fixtures.CLOCK);
        assertThat(restarted.recover()).singleElement().asString().startsWith("Finished the approval of " + ID);
        List<JsonNode> entries = new DecisionLog(log).read().entries();
        assertThat(entries).singleElement().satisfies(e -> {
            assertEquals("approve", e.get("action").asText());
            assertEquals("policy:supervised", e.get("by").asText());
            assertEquals("a1b2c3d4e5f6", e.path("policy_version").asText());
            assertThat(e.has("recovered")).isTrue();
        });
        Proposal p = restarted.find(ID).proposal();
        assertEquals("approved", p.status());
        assertThat(Files.readString(p.file())).contains("\ndecided_by: policy:supervised\n");
        assertThat(restarted.recover()).isEmpty();
    }

    @Test
    void aPersonsRecoveredApprovalHasNoPolicyVersion() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        ReviewService crashing = new ReviewService(ws, Fixtures.CLOCK);
        crashing.onStep(s -> {
            if (s.equals("committed")) {
                throw new IllegalStateException("killed");
            }
        });
        assertThrows(IllegalStateException.class, () -> crashing.approve(ID, "joel", null));
        new ReviewService(ws, Fixtures.CLOCK).recover();
        JsonNode e = new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries().get(0);
        assertEquals("joel", e.get("by").asText());
        assertThat(e.has("policy_version")).isFalse();
    }
}
