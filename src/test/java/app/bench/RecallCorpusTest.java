package app.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import services.knowledge.KnowledgeDoc;

/** The recall benchmark's labeled set is what the README says it is. */
class RecallCorpusTest {

    @Test
    void labeledSetSizesAndEveryAnswerExistsOnce() {
        RecallCorpus c = RecallCorpus.load();
        assertThat(c.answers()).hasSize(48);
        assertThat(c.distractors()).hasSize(520);
        assertThat(c.questions()).hasSize(72);
        assertThat(c.questions().stream().filter(RecallCorpus.Question::paraphrase)).hasSize(24);
        Set<String> ids = new HashSet<>();
        for (KnowledgeDoc d : c.all()) {
            assertThat(ids.add(d.id())).as("duplicate id %s", d.id()).isTrue();
        }
        assertThat(c.questions()).allSatisfy(q -> assertThat(ids).contains(q.answer()));
        assertThat(c.answers()).extracting(KnowledgeDoc::type).containsOnly("lesson", "pattern", "adr", "skill");
    }

    @Test
    void distractorsAreTheSameOnEveryRun() {
        assertThat(RecallCorpus.load().distractors().get(137).content())
                .isEqualTo(RecallCorpus.load().distractors().get(137).content());
    }
}
