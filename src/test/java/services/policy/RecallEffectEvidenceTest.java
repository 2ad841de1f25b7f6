package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.knowledge.KnowledgeIndex;
import services.knowledge.LuceneKnowledgeIndex;
import services.reach.LoopPrds;
import services.review.ReviewService;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The dial's own approval of a skill change keeps the change's effect on recall in the decision log as evidence. */
class RecallEffectEvidenceTest {

    @TempDir
    Path tmp;

    @Test
    void anAutoApprovedSkillChangeRecordsItsEffectOnRecallAndTheIndexIsNotWritten() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        GuardFixture.policy(ws, p -> p.put("autoPerRun", 100)); // the demo's eligible changes in one run
        long documents;
        Object stamp;
        try (KnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), ws.index().embeddingDimensions())) {
            new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            documents = index.status().documents();
            stamp = index.changeStamp();
        }
        RecallEffect recall = new RecallEffect(ws, () -> new LuceneKnowledgeIndex(ws.indexDir(),
                ws.index().embeddingDimensions()), () -> LoopPrds.NONE, Fixtures.CLOCK);
        PolicyService policy = new PolicyService(ws, new ReviewService(ws, Fixtures.CLOCK), Fixtures.CLOCK, recall);

        PolicyService.RunReport r = policy.run();
        PolicyService.Outcome skill = r.outcomes().stream().filter(o -> o.id().equals("sp-2026-11-15-typesense-recall-03"))
                .findFirst().orElseThrow();
        assertEquals("applied", skill.action());
        assertThat(skill.recallEffect()).startsWith("skill:typesense-recall: ").contains("stories of the last "
                + RecallEffect.DEFAULT_DAYS + " days");
        PolicyService.Outcome rule = r.outcomes().stream().filter(o -> o.id().equals("dream-2026-11-20-03"))
                .findFirst().orElseThrow();
        assertEquals("applied", rule.action());
        assertNull(rule.recallEffect(), "a rule is not indexed: no effect recorded");

        List<JsonNode> log = new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries();
        JsonNode approval = log.stream().filter(e -> e.path("proposal").asText().equals("sp-2026-11-15-typesense-recall-03"))
                .findFirst().orElseThrow();
        assertEquals("policy:auto", approval.get("by").asText());
        assertEquals(skill.recallEffect(), approval.get("recall_effect").asText());
        assertThat(log.stream().filter(e -> e.path("proposal").asText().equals("dream-2026-11-20-03")).findFirst()
                .orElseThrow().has("recall_effect")).isFalse();

        try (KnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), ws.index().embeddingDimensions())) {
            assertEquals(documents, index.status().documents());
            assertEquals(stamp, index.changeStamp(), "the index has no new commit");
        }
    }
}
