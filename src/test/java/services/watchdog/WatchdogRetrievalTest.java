package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The retrieval and turn-write checks: which events count, by story and by turn, never over 100%. */
class WatchdogRetrievalTest extends WatchdogFixture {

    @Test
    void gatewayChannelEventsAreNotAgentDispatchesAndInteractiveRetrievalsCount() throws IOException {
        for (int i = 0; i < 6; i++) { // routine gateway traffic: once "6 agent dispatches with ZERO retrievals", an ERROR
            event("gateway", "redis-channel", "events.dispatched.background_only", 10 + i,
                    "{\"source\":\"redis\",\"sourceKind\":\"background\",\"eventCount\":1}");
            event("gateway", "redis-channel", "events.dispatched", 10 + i, "{\"backgroundOnly\":true}");
        }
        event("agent-loop", "agent.dispatch", 12);
        event("interactive", "memory-enforcer", "system_knowledge.retrieval.started", 20, "{\"session_id\":\"s\"}");
        event("interactive", "memory-enforcer", "system_knowledge.retrieval.completed", 20, "{\"has_results\":true}");
        event("interactive", "memory-enforcer", "system_knowledge.retrieval.started", 30, "{\"session_id\":\"t\"}");
        writeEvents("gateway.jsonl");
        WatchdogReport r = run();
        Finding f = finding(r, "zero-retrieval");
        assertThat(f.severity()).isEqualTo(Severity.OK);
        assertThat(r.stats()).containsEntry("dispatches_in_window", 0L).containsEntry("retrievals_in_window", 2L);
        assertThat(r.issues()).noneSatisfy(i -> assertThat(i).contains("ZERO"));
        assertThat(r.healthy()).isTrue();
    }

    @Test
    void agentDispatchesAreImplementorRetrievalsForAStoryAndAllEmptyIsAWarning() throws IOException {
        event("implement", "agent-loop", "system_knowledge.retrieval", 10, "{\"story_id\":\"S1\",\"has_results\":false}");
        event("implement", "agent-loop", "system_knowledge.retrieval", 20, "{\"story_id\":\"S2\",\"has_results\":false}");
        event("implement", "agent-loop", "system_knowledge.retrieval", 5 * 60, "{\"story_id\":\"S0\",\"has_results\":true}");
        event("review", "agent-loop", "system_knowledge.retrieval", 15, "{\"story_id\":\"S1\",\"has_results\":true}");
        writeEvents("loop.jsonl");
        WatchdogReport r = run();
        Finding f = finding(r, "zero-retrieval");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).isEqualTo("2 agent dispatches in 4 h and none of their knowledge retrievals found "
                + "anything (has_results false)");
        assertThat(f.evidence()).containsExactly("event:loop.jsonl:1", "event:loop.jsonl:2");
        assertThat(r.stats()).containsEntry("dispatches_in_window", 2L).containsEntry("retrievals_in_window", 3L);

        events.clear();
        event("implement", "agent-loop", "system_knowledge.retrieval", 10, "{\"story_id\":\"S1\",\"has_results\":true}");
        event("implement", "agent-loop", "system_knowledge.retrieval", 20, "{\"story_id\":\"S2\",\"has_results\":false}");
        writeEvents("loop.jsonl");
        Finding ok = finding(run(), "zero-retrieval");
        assertThat(ok.severity()).isEqualTo(Severity.OK);
        assertThat(ok.message()).contains("for 2 agent dispatches").contains("1 found nothing");
    }

    @Test
    void turnWriteComplianceCountsEligibleTurnsByIdAndNeverExceedsAHundredPercent() throws IOException {
        for (int i = 0; i < 20; i++) {
            turn("eligible", "gateway:s:" + i, 30);
            if (i < 17) {
                turn("started", "gateway:s:" + i, 29);
                turn("completed", "gateway:s:" + i, 29);
            }
        }
        turn("skipped", "gateway:s:17", 29);
        turn("completed", "gateway:s:0", 28); // a retried write of the same turn counts once
        for (int i = 0; i < 6; i++) { // the console's own notes: never eligible
            turn("completed", "console:joel:internal:x:" + i, 20);
        }
        turn("failed", "console:joel:internal:bad:1", 20);
        writeEvents("turns.jsonl");
        WatchdogReport r = run();
        Finding f = finding(r, "turn-write-compliance");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).contains("90.0%").contains("18 of 20").contains("below 95.0%")
                .contains("7 outcomes for turns that were never eligible");
        assertThat(f.figures()).containsEntry("ratio", 0.9).containsEntry("noOutcome", 2L).containsEntry("neverEligible", 7L);
        assertThat(f.evidence()).hasSize(2).allSatisfy(e -> assertThat(e).startsWith("event:turns.jsonl:"));
        assertThat(r.stats()).containsEntry("turn_write_compliance", 0.9).containsEntry("turn_writes_eligible", 20L)
                .containsEntry("turn_writes_never_eligible", 7L);

        events.clear(); // more outcomes than eligible turns: once "compliance 115 %"
        for (int i = 0; i < 20; i++) {
            turn("eligible", "gateway:s:" + i, 30);
            turn("completed", "gateway:s:" + i, 29);
        }
        for (int i = 0; i < 3; i++) {
            turn("completed", "console:joel:internal:x:" + i, 20);
        }
        writeEvents("turns.jsonl");
        WatchdogReport full = run();
        assertThat(finding(full, "turn-write-compliance").severity()).isEqualTo(Severity.OK);
        assertThat(finding(full, "turn-write-compliance").message()).contains("100.0%").doesNotContain("115");
        assertThat(full.stats()).containsEntry("turn_write_compliance", 1.0);

        events.clear(); // an eligible turn whose write failed, and the ids the gateway and the implementor write
        for (int i = 0; i < 20; i++) {
            event("gateway", "gateway.knowledge-turn", "knowledge.turn_write.eligible", 30,
                    "{\"turnId\":\"gateway:s:" + i + "\",\"turnNumber\":" + i + ",\"skipReason\":null}");
            turn(i == 0 ? "failed" : "completed", "gateway:s:" + i, 29);
        }
        event("implement", "agent-loop-implement", "knowledge.turn_write.eligible", 30,
                "{\"loop_id\":\"loop-a\",\"story_id\":\"S1\",\"attempt\":2}");
        turn("completed", "agent-loop:loop-a:S1:attempt-2", 29);
        writeEvents("turns.jsonl");
        Finding failed = finding(run(), "turn-write-compliance");
        assertThat(failed.severity()).isEqualTo(Severity.WARNING);
        assertThat(failed.message()).startsWith("1 turn writes failed").contains("95.2%");
        assertThat(failed.figures()).containsEntry("eligible", 21L).containsEntry("neverEligible", 0L);
    }

    @Test
    void turnWritesThatNameNoTurnAreMatchedByNumberAndStillNeverExceedAHundredPercent() throws IOException {
        for (int i = 0; i < 20; i++) {
            event("gateway", "knowledge.turn_write.eligible", 30);
        }
        for (int i = 0; i < 17; i++) {
            event("knowledge", "knowledge.turn_write.completed", 29);
        }
        event("knowledge", "knowledge.turn_write.skipped", 29);
        writeEvents("turns.jsonl");
        WatchdogReport r = run();
        Finding f = finding(r, "turn-write-compliance");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).contains("90.0%").contains("18 of 20");
        assertThat(f.evidence()).isNotEmpty();
        assertThat(r.problems()).anySatisfy(p -> assertThat(p).contains("name no turn id"));

        events.clear();
        for (int i = 0; i < 20; i++) {
            event("gateway", "knowledge.turn_write.eligible", 30);
        }
        for (int i = 0; i < 23; i++) {
            event("knowledge", "knowledge.turn_write.completed", 29);
        }
        writeEvents("turns.jsonl");
        WatchdogReport over = run();
        assertThat(over.stats()).containsEntry("turn_write_compliance", 1.0).containsEntry("turn_writes_never_eligible", 3L);
        assertThat(finding(over, "turn-write-compliance").severity()).isEqualTo(Severity.OK);
    }
}
