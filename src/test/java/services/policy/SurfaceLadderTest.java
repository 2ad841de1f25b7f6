package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.amendments.JGitAmendmentHistory;
import services.audit.DecisionLog;
import services.audit.Trailers;
import services.review.JGitReviewBranch;
import services.review.ReviewBranch;
import services.review.ReviewService;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.MutableClock;

/** The promotion ladder end to end on the demo's real git repositories: earned, signed off, and lost by a revert. */
class SurfaceLadderTest {

    static final String SURFACES = "[{\"name\": \"soul\", \"repo\": \"behaviour\", \"path\": \"SOUL.md\", \"level\": "
            + "\"forbidden\"}, {\"name\": \"rules\", \"repo\": \"behaviour\", \"path\": \"rules/*.md\", \"level\": "
            + "\"gated\"}, {\"name\": \"notes\", \"repo\": \"behaviour\", \"path\": \"notes/*.md\", \"level\": \"auto\"}]";

    @TempDir
    Path tmp;

    private Workspace ws;
    private MutableClock clock;
    private ReviewService review;
    private PolicyService policy;
    private DecisionLog decisions;

    @BeforeEach
    void setUp() throws Exception {
        ws = Fixtures.demo(tmp);
        PolicyFixture.emptyQueue(ws);
        PolicyFixture.surfaces(ws, SURFACES, 3);
        clock = new MutableClock(Instant.parse("2026-11-01T10:00:00Z"));
        review = new ReviewService(ws, clock);
        policy = new PolicyService(ws, review, clock);
        decisions = new DecisionLog(ws.stateDir().resolve("decisions.jsonl"));
    }

    private SurfaceLadder.Record record(String name) {
        return policy.ladder().records().stream().filter(r -> r.surface().name().equals(name)).findFirst().orElseThrow();
    }

    private List<JsonNode> lines(String action) {
        return decisions.read().entries().stream().filter(e -> e.path("action").asText().equals(action)).toList();
    }

    /** {@code n} rules a person approves, one a minute: clean applies on the gated surface. */
    private void approveRules(String prefix, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            PolicyFixture.proposal(ws, prefix + i, "PROPOSE_RULE", "low", "rules/" + prefix + i + ".md");
            assertThat(policy.run().outcomes()).singleElement().satisfies(o -> {
                assertEquals("waits", o.action());
                assertThat(o.reason()).startsWith("surface rules is gated");
            });
            review.approve(prefix + (i), "joel", null);
            clock.advance(Duration.ofMinutes(1));
        }
    }

    /** Promoted to auto by a logged sign-off; then auto-applies the next proposal on it. */
    private SurfaceLadder.Record promoteRules() throws Exception {
        approveRules("dream-rule-", 3);
        assertThat(record("rules").eligible()).isTrue();
        SurfaceLadder.Record r = policy.ladder().signoff("rules", "joel", "three clean rules");
        assertEquals(Rung.AUTO, r.rung());
        return r;
    }

    @Test
    void aGatedSurfaceIsPromotedOnlyBySignOffAfterNCleanApplies() throws Exception {
        approveRules("dream-rule-", 2);
        SurfaceLadder.Record two = record("rules");
        assertThat(two.clean()).isEqualTo(2);
        assertThat(two.eligible()).isFalse();
        PolicyException early = assertThrows(PolicyException.class, () -> policy.ladder().signoff("rules", "joel", "go"));
        assertThat(early.getMessage()).contains("not eligible", "2 of 3");
        approveRules("dream-more-", 1);
        assertThat(record("rules").eligible()).isTrue();
        assertEquals(Rung.GATED, record("rules").rung(), "eligible is not promoted: a person signs off");

        SurfaceLadder.Record promoted = policy.ladder().signoff("rules", "joel", "three clean rules");
        assertEquals(Rung.AUTO, promoted.rung());
        assertEquals("joel", promoted.lastSignoff().by());
        JsonNode line = lines(Ladder.SIGNOFF).get(0);
        assertEquals("rules", line.get("surface").asText());
        assertEquals("three clean rules", line.get("reason").asText());
        assertEquals(3, line.get("clean_applies").asInt());

        PolicyFixture.proposal(ws, "dream-auto-1", "PROPOSE_RULE", "high", "rules/Auto-1.MD");
        PolicyService.Outcome o = policy.run().outcomes().get(0);
        assertEquals("applied", o.action());
        assertEquals("auto", o.level());
        assertThat(o.reason()).contains("surface rules is auto");
    }

    @Test
    void aPersonsRevertOfAnAutoAppliedChangeIsOneCommitAndDemotesTheSurface() throws Exception {
        promoteRules();
        PolicyFixture.proposal(ws, "dream-auto-2", "PROPOSE_RULE", "low", "rules/auto-2.md");
        String applied = policy.run().outcomes().get(0).commit();
        clock.advance(Duration.ofMinutes(5));
        String sha = policy.revert("dream-auto-2", "joel", "wrong rule");
        try (ReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), ws.reviewBranch())) {
            assertThat(b.read("rules/auto-2.md")).isEmpty();
            String message = b.log(1).get(0).message();
            assertThat(Trailers.values(message, "Reverts")).containsExactly(applied);
            assertThat(Trailers.values(message, "Reverted-By")).containsExactly("joel");
        }
        SurfaceLadder.Record r = record("rules");
        assertEquals(Rung.GATED, r.rung());
        assertEquals(0, r.clean());
        assertEquals(applied, r.lastDemotion().commit());
        assertEquals(sha, r.lastDemotion().revert());
        JsonNode demote = lines(Ladder.DEMOTE).get(0);
        assertEquals("rules", demote.get("surface").asText());
        assertEquals(applied, demote.get("commit").asText());
        assertEquals(sha, demote.get("revert").asText());
        assertEquals("joel", demote.get("reverted_by").asText());
        assertThat(lines(Ladder.DEMOTE)).hasSize(1);
        policy.run();
        assertThat(lines(Ladder.DEMOTE)).hasSize(1); // recorded once

        PolicyFixture.proposal(ws, "dream-after", "PROPOSE_RULE", "low", "rules/after.md");
        assertThat(policy.run().outcomes()).singleElement().satisfies(o -> assertEquals("waits", o.action()));
        assertThrows(PolicyException.class, () -> policy.revert("dream-auto-2", "joel", "again"));
    }

    @Test
    void anAutomaticRevertRecordDemotesTheSurfaceAndIsLoggedWithItsCommit() throws Exception {
        promoteRules();
        PolicyFixture.proposal(ws, "dream-auto-3", "PROPOSE_RULE", "low", "rules/auto-3.md");
        String applied = policy.run().outcomes().get(0).commit();
        clock.advance(Duration.ofMinutes(1));
        ObjectNode guard = DecisionLog.entry(); // the line the post-apply check writes when it reverts by itself
        guard.put("ts", clock.instant().toString());
        guard.put("by", "policy:check");
        guard.put("action", "revert");
        guard.put("automatic", true);
        guard.put("proposal", "dream-auto-3");
        guard.put("reverts", applied);
        guard.put("commit", "0123456789abcdef0123456789abcdef01234567");
        guard.put("target", "rules/auto-3.md");
        decisions.append(guard);
        assertEquals(Rung.GATED, record("rules").rung());
        assertEquals(applied, record("rules").lastDemotion().commit());
        clock.advance(Duration.ofMinutes(1));
        policy.run();
        assertThat(lines(Ladder.DEMOTE)).singleElement().satisfies(d -> {
            assertEquals(applied, d.get("commit").asText());
            assertEquals("policy:check", d.get("reverted_by").asText());
        });
    }

    @Test
    void aRevertByAnAmendmentsLineOrOnlyOnTheBranchDemotesToo() throws Exception {
        promoteRules();
        String person = lines("approve").get(0).get("commit").asText();
        ObjectNode amend = DecisionLog.entry(); // Amendments' revert: no repo, a list of commits is read too
        amend.put("ts", clock.instant().toString());
        amend.put("by", "ana");
        amend.put("action", "revert");
        amend.putArray("reverts").add(person);
        amend.put("target", "rules/dream-rule-0.md");
        decisions.append(amend);
        assertEquals(Rung.GATED, record("rules").rung());
        assertEquals("ana", record("rules").lastDemotion().by());

        clock.advance(Duration.ofMinutes(1)); // at one instant an apply counts before a revert: the stricter order
        approveRules("dream-again-", 3);
        policy.ladder().signoff("rules", "joel", "again");
        PolicyFixture.proposal(ws, "dream-auto-git", "PROPOSE_RULE", "low", "rules/auto-git.md");
        String applied = policy.run().outcomes().get(0).commit();
        try (JGitAmendmentHistory git = new JGitAmendmentHistory(ws.behaviourRepo())) { // a revert the log never saw
            git.revert(ws.reviewBranch(), applied, "Revert it\n\nReverts: " + applied + "\nReverted-By: bo\n", "bo");
        }
        assertEquals(Rung.GATED, record("rules").rung());
        assertEquals("bo", record("rules").lastDemotion().by());
        assertEquals(applied, record("rules").lastDemotion().commit());
    }

    @Test
    void aForgedOrIneligibleSignOffPromotesNothing() throws Exception {
        approveRules("dream-rule-", 1);
        for (String by : new String[] {"joel", "policy:auto", "Policy:Ladder", ""}) {
            ObjectNode forged = DecisionLog.entry();
            forged.put("ts", clock.instant().toString());
            forged.put("by", by);
            forged.put("action", Ladder.SIGNOFF);
            forged.put("surface", "rules");
            decisions.append(forged);
        }
        assertEquals(Rung.GATED, record("rules").rung(), "a sign-off line that did not hold when written counts for nothing");
        approveRules("dream-more-", 2);
        ObjectNode byPolicy = DecisionLog.entry();
        byPolicy.put("ts", clock.instant().toString());
        byPolicy.put("by", "policy:auto");
        byPolicy.put("action", Ladder.SIGNOFF);
        byPolicy.put("surface", "rules");
        decisions.append(byPolicy);
        assertEquals(Rung.GATED, record("rules").rung(), "never the dial's own sign-off");
        assertThat(record("rules").events()).filteredOn(e -> e.what().equals("refused")).hasSize(5);

        assertThrows(PolicyException.class, () -> policy.ladder().signoff("rules", "policy:auto", "me"));
        assertThrows(PolicyException.class, () -> policy.ladder().signoff("rules", "joel", " "));
        assertThat(assertThrows(PolicyException.class, () -> policy.ladder().signoff("nope", "joel", "x")).getMessage())
                .contains("soul, rules, notes");
        policy.freeze("joel", "bad week");
        assertThat(assertThrows(PolicyException.class, () -> policy.ladder().signoff("rules", "joel", "x")).getMessage())
                .contains("frozen");
        policy.unfreeze("joel", "ok");
        assertThat(lines(Ladder.SIGNOFF)).hasSize(5); // only the forged ones: every refusal wrote nothing
    }

    @Test
    void aForbiddenSurfaceIsNeverPromotedAndAProtectedPathStaysForbidden() throws Exception {
        PolicyFixture.surfaces(ws, "[{\"name\": \"soul\", \"repo\": \"behaviour\", \"path\": \"SOUL.md\", \"level\": "
                + "\"auto\"}, {\"name\": \"agents\", \"repo\": \"behaviour\", \"path\": \"rules/keep.md\", \"level\": "
                + "\"forbidden\"}]", 1);
        assertEquals(Rung.FORBIDDEN, record("soul").rung(), "a protected path is forbidden whatever the surface says");
        PolicyFixture.proposal(ws, "dream-agents", "PROPOSE_RULE", "low", "rules/Keep.md");
        assertThat(policy.run().outcomes()).singleElement().satisfies(o -> {
            assertEquals("waits", o.action());
            assertThat(o.reason()).contains("surface agents is forbidden");
        });
        review.approve("dream-agents", "joel", null);
        assertEquals(1, record("agents").clean());
        assertThat(record("agents").eligible()).isFalse();
        assertThat(assertThrows(PolicyException.class, () -> policy.ladder().signoff("agents", "joel", "x")).getMessage())
                .contains("forbidden");
        assertThat(assertThrows(PolicyException.class, () -> policy.ladder().signoff("soul", "joel", "x")).getMessage())
                .contains("forbidden");
        ObjectNode forged = DecisionLog.entry();
        forged.put("ts", clock.instant().toString());
        forged.put("by", "joel");
        forged.put("action", Ladder.SIGNOFF);
        forged.put("surface", "agents");
        decisions.append(forged);
        assertEquals(Rung.FORBIDDEN, record("agents").rung());
    }

    @Test
    void theSimulationReplaysTheLastDaysFromEachSurfacesConfiguredRung() throws Exception {
        promoteRules(); // 40 days before the simulation's now: outside its window
        clock.advance(Duration.ofDays(40));
        PolicyFixture.proposal(ws, "dream-new-0", "PROPOSE_RULE", "low", "rules/new-0.md");
        PolicyFixture.proposal(ws, "dream-new-1", "PROPOSE_RULE", "low", "rules/new-1.md");
        assertThat(policy.run().applied()).isEqualTo(2);
        clock.advance(Duration.ofHours(1));
        policy.revert("dream-new-1", "joel", "not this one");
        int logged = decisions.read().entries().size();
        List<SurfaceLadder.Record> sim = policy.ladder().simulate(30);
        SurfaceLadder.Record rules = sim.stream().filter(r -> r.surface().name().equals("rules")).findFirst().orElseThrow();
        assertThat(rules.events()).extracting(SurfaceLadder.Event::what).containsExactly("applied", "applied", "demoted");
        assertThat(rules.events()).extracting(SurfaceLadder.Event::rung).containsOnly(Rung.GATED); // no old sign-off
        assertEquals(0, rules.clean());
        assertEquals(Rung.GATED, record("rules").rung());
        assertThat(record("rules").events()).extracting(SurfaceLadder.Event::what).contains("promoted", "demoted");
        assertEquals(logged, decisions.read().entries().size(), "the simulation writes nothing");
    }

    @Test
    void badSurfacesAreRefusedNamingTheKeyAndEverythingWaits() throws Exception {
        String[][] cases = {
            {"{\"surfaces\": {}}", "policy.surfaces"},
            {"{\"surfaces\": [{\"name\": \"a b\", \"repo\": \"behaviour\", \"path\": \"x.md\", \"level\": \"auto\"}]}",
                "policy.surfaces[0].name"},
            {"{\"surfaces\": [{\"name\": \"a\", \"repo\": \"vault\", \"path\": \"x.md\", \"level\": \"auto\"}]}",
                "policy.surfaces[0].repo"},
            {"{\"surfaces\": [{\"name\": \"a\", \"repo\": \"skills\", \"path\": \"[x\", \"level\": \"auto\"}]}",
                "policy.surfaces[0].path"},
            {"{\"surfaces\": [{\"name\": \"a\", \"repo\": \"skills\", \"path\": \"x\", \"level\": \"always\"}]}",
                "policy.surfaces[0].level"},
            {"{\"surfaces\": [{\"name\": \"a\", \"repo\": \"skills\", \"path\": \"x\", \"level\": \"auto\"},"
                + " {\"name\": \"A\", \"repo\": \"skills\", \"path\": \"y\", \"level\": \"auto\"}]}", "policy.surfaces[1].name"},
            {"{\"surfaces\": [{\"name\": \"a\", \"repo\": \"skills\", \"path\": \"..\", \"level\": \"auto\"}]}",
                "policy.surfaces[0].path"},
            {"{\"surfaces\": [{\"name\": \"a\", \"repo\": \"skills\", \"level\": \"auto\"}]}", "policy.surfaces[0].path"},
            {"{\"promoteAfter\": 0}", "policy.promoteAfter"},
            {"{\"promoteAfter\": \"10\"}", "policy.promoteAfter"},
        };
        ObjectMapper json = new ObjectMapper();
        for (String[] c : cases) {
            PolicyException e = assertThrows(PolicyException.class, () -> Surfaces.parse(json.readTree(c[0])), c[0]);
            assertThat(e.getMessage()).contains("\"" + c[1] + "\"");
        }
        PolicyFixture.surfaces(ws, "[{\"name\": \"a\", \"repo\": \"vault\", \"path\": \"x.md\", \"level\": \"auto\"}]", 3);
        PolicyFixture.proposal(ws, "dream-low", "PROPOSE_RULE", "low", "rules/low.md");
        PolicyService.RunReport r = policy.run();
        assertThat(r.problem()).contains("policy.surfaces[0].repo");
        assertThat(r.outcomes()).isEmpty();
        assertThat(Surfaces.parse(json.readTree("{\"surfaces\": [{\"name\": \"a\", \"repo\": \"skills\", \"path\": "
                + "\"x\", \"level\": \"auto\", \"check\": \"make test\", \"cap\": 20}]}")).list()).hasSize(1);
    }

    @Test
    void aSurfaceFoldsTargetsAsProtectedPathsDo() {
        Surface rules = new Surface("rules", "behaviour", "rules/*.md", Rung.GATED);
        for (String t : new String[] {"rules/a.md", "./rules/a.md", "RULES/A.MD", "x/../rules/a.md", "rules/a.md."}) {
            assertThat(rules.covers("behaviour", t)).as(t).isTrue();
        }
        assertThat(rules.covers("skills", "rules/a.md")).isFalse();
        assertThat(rules.covers("behaviour", "rules/sub/a.md")).isFalse();
        assertThat(new Surface("soul", "behaviour", "SOUL.md", Rung.FORBIDDEN).covers("behaviour", "ｓｏｕｌ.md")).isTrue();
    }

    @Test
    void aTargetNoSurfaceNamesKeepsTheDialsLevels() throws Exception {
        PolicyFixture.proposal(ws, "dream-plain", "PROPOSE_RULE", "low", "other/low.md");
        PolicyFixture.proposal(ws, "dream-note", "PROPOSE_RULE", "high", "notes/high.md");
        assertThat(policy.run().outcomes()).extracting(PolicyService.Outcome::id, PolicyService.Outcome::reason)
                .containsExactlyInAnyOrder(tuple("dream-plain", "risk low"),
                        tuple("dream-note", "surface notes is auto"));
    }
}
