package app.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import services.knowledge.KnowledgeDoc;

/** The recall benchmark's labeled set is what the README says it is. */
class RecallCorpusTest {

    @Test
    void labeledSetSizesAndEveryAnswerExistsOnce() {
        RecallCorpus c = RecallCorpus.load();
        assertThat(c.answers()).hasSize(48 + 37);
        assertThat(c.distractors()).hasSize(520 + 14);
        assertThat(c.questions()).hasSize(72 + 74);
        List<RecallCorpus.Question> tuning = c.questions().stream().filter(q -> q.split().equals(RecallCorpus.TUNING)).toList();
        List<RecallCorpus.Question> heldOut = c.questions().stream().filter(q -> q.split().equals(RecallCorpus.HELD_OUT)).toList();
        assertThat(tuning).hasSize(72);
        assertThat(tuning.stream().filter(RecallCorpus.Question::paraphrase)).hasSize(24);
        assertThat(heldOut).hasSize(74);
        assertThat(heldOut.stream().filter(RecallCorpus.Question::paraphrase)).hasSize(37);
        assertThat(tuning).extracting(RecallCorpus.Question::answer).noneMatch(a -> heldOut.stream()
                .anyMatch(h -> h.answer().equals(a)));
        Set<String> ids = new HashSet<>();
        for (KnowledgeDoc d : c.all()) {
            assertThat(ids.add(d.id())).as("duplicate id %s", d.id()).isTrue();
        }
        assertThat(c.questions()).allSatisfy(q -> assertThat(ids).contains(q.answer()));
        assertThat(c.answers()).extracting(KnowledgeDoc::type).containsOnly("lesson", "pattern", "adr", "skill",
                "failed_target", "retro");
    }

    @Test
    void theTuningSplitIsUnchanged() {
        RecallCorpus c = RecallCorpus.load();
        assertThat(c.questions().get(0)).isEqualTo(new RecallCorpus.Question("idempotency key for steps that send email",
                "lesson:bench-idem-email", false, RecallCorpus.TUNING));
        assertThat(c.answers().get(0).project()).isEqualTo("bench");
    }

    @Test
    void heldOutDocumentsHaveTheRunningSystemsShapes() {
        RecallCorpus c = RecallCorpus.load();
        KnowledgeDoc failed = c.answers().stream().filter(d -> d.id().equals("failed_target:loop-h3:S4")).findFirst()
                .orElseThrow();
        assertThat(failed.title()).startsWith("Failed: ");
        assertThat(failed.loopId()).isEqualTo("loop-h3");
        assertThat(failed.tags()).containsExactly("failed_target", "loop");
        assertThat(c.answers()).filteredOn(d -> d.type().equals("lesson") && d.loopId() != null)
                .allSatisfy(d -> assertThat(d.title()).isEqualTo(d.content().substring(0, Math.min(120, d.content().length()))));
        assertThat(c.answers()).filteredOn(d -> d.id().equals("adr:0234")).extracting(KnowledgeDoc::status)
                .containsExactly("superseded by ADR-0240");
    }

    @Test
    void distractorsAreTheSameOnEveryRun() {
        assertThat(RecallCorpus.load().distractors().get(137).content())
                .isEqualTo(RecallCorpus.load().distractors().get(137).content());
    }
}
