package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.ReviewService;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** "What the dial would have done" on a decision log with known answers. */
class PolicySimulationTest {

    @TempDir
    Path tmp;

    private static String line(String ts, String by, String action, String id, String kind, String risk, String target,
                               String extra) {
        return "{\"ts\":\"" + ts + "\",\"by\":\"" + by + "\",\"action\":\"" + action + "\",\"proposal\":\"" + id
                + "\",\"kind\":\"" + kind + "\",\"risk\":\"" + risk + "\",\"target\":\"" + target + "\"" + extra + "}\n";
    }

    @Test
    void listsTheDecisionsThatALooserOrTighterDialWouldHaveTurnedTheOtherWay() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        PolicyFixture.emptyQueue(ws);
        Files.createDirectories(ws.stateDir());
        String log = line("2026-10-30T09:00:00Z", "joel", "approve", "A", "PROPOSE_RULE", "medium", "rules/a.md", ",\"commit\":\"aaaa\"")
                + line("2026-10-29T09:00:00Z", "joel", "reject", "B", "PROPOSE_RULE", "medium", "rules/b.md", ",\"reason\":\"wrong\"")
                + line("2026-10-29T09:00:00Z", "joel", "reject", "C", "PROPOSE_RULE", "high", "rules/c.md", "")
                + line("2026-10-28T09:00:00Z", "policy:supervised", "approve", "D", "PROPOSE_RULE", "medium", "rules/d.md", ",\"commit\":\"dddd\"")
                + "{\"ts\":\"2026-10-29T09:00:00Z\",\"by\":\"joel\",\"action\":\"policy.revert\",\"proposal\":\"D\",\"reverts\":\"dddd\",\"commit\":\"eeee\"}\n"
                + line("2026-10-27T09:00:00Z", "policy:auto", "approve", "E", "PROPOSE_RULE", "low", "rules/e.md", ",\"commit\":\"ffff\"")
                + line("2026-09-20T09:00:00Z", "joel", "reject", "F", "PROPOSE_RULE", "medium", "rules/f.md", "")
                + line("2026-10-26T09:00:00Z", "joel", "request_changes", "G", "AMEND_SOUL", "medium", "SOUL.md", "")
                + line("2026-10-26T09:00:00Z", "joel", "reject", "H", "PROPOSE_RULE", "low", "notes/SOUL.md", "")
                + "{\"ts\":\"2026-10-26T09:00:00Z\",\"by\":\"joel\",\"action\":\"policy.freeze\",\"reason\":\"x\"}\n"
                + "{\"torn";
        Files.writeString(ws.stateDir().resolve("decisions.jsonl"), log);
        PolicyService policy = new PolicyService(ws, new ReviewService(ws, Fixtures.CLOCK), Fixtures.CLOCK);
        Policy candidate = PolicySettings.overrides(Policy.defaults(), List.of("medium=auto", "low=manual"), List.of());
        List<PolicySimulation.Row> rows = policy.simulate(candidate, 30);
        assertThat(rows).extracting(PolicySimulation.Row::id).containsExactlyInAnyOrder("A", "B", "C", "D", "E", "G", "H");
        Map<String, String> differs = rows.stream().filter(PolicySimulation.Row::differs)
                .collect(Collectors.toMap(PolicySimulation.Row::id, PolicySimulation.Row::note));
        assertEquals(Map.of("B", "would have auto-applied what a person rejected",
                "D", "would have auto-applied what a person reverted",
                "E", "would have held for a person what the policy applied"), differs);
        assertThat(rows).filteredOn(r -> r.id().equals("D")).singleElement()
                .satisfies(r -> assertEquals("reverted by joel", r.actual()));
        assertThat(rows).filteredOn(r -> r.id().equals("E")).singleElement()
                .satisfies(r -> assertThat(r.would()).startsWith("waits for a person (risk low)"));

        assertThat(policy.simulate(Policy.defaults(), 30)).filteredOn(PolicySimulation.Row::differs)
                .extracting(PolicySimulation.Row::id).containsExactly("B", "D"); // supervised would apply B and D
        assertEquals(Instant.parse("2026-11-01T10:00:00Z"), Fixtures.CLOCK.instant());
    }
}
