package services.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which documents are of a type the running system writes into system_knowledge, with its id form. */
class RunningSystemTypesTest {

    private static KnowledgeDoc doc(String id, String type) {
        return new KnowledgeDoc(id, type, "t", "c", null, null, null, null, null, List.of(), 1L, null);
    }

    @Test
    void theConsolesOwnTypesAreNeverTheRunningSystems() {
        assertThat(RunningSystemTypes.writes(doc("retro:loop-a", "retro"))).isTrue();
        assertThat(RunningSystemTypes.writes(doc("failed_target:loop-a:S2", "failed_target"))).isTrue();
        assertThat(RunningSystemTypes.writes(doc("turn:t1", "turn_note"))).isTrue();
        assertThat(RunningSystemTypes.writes(doc("decision:meeting:m1:0", "decision"))).isTrue();
        assertThat(RunningSystemTypes.writes(doc("brain:loop-a", "brain_note"))).isFalse();
        assertThat(RunningSystemTypes.writes(doc("brain:joelclaw/projects/p", "brain_page"))).isFalse();
        // a decision page from a .svx file has the system's type but not its id form
        assertThat(RunningSystemTypes.writes(doc("brain:joelclaw/resources/decisions/d", "decision"))).isFalse();
        assertThat(RunningSystemTypes.writes(doc("retro:loop-a", "brain_note"))).isFalse();
        assertThat(RunningSystemTypes.writesId("brain:loop-a")).isFalse();
        assertThat(RunningSystemTypes.writesId("lesson:loop-a:0")).isTrue();
    }
}
