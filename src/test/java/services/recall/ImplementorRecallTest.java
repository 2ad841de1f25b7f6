package services.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;

/**
 * The implementor's injection replayed on documents shaped as the running system's retro writes them
 * ({@code agent-loop/retro.ts}: project = the project path, retro titled "Loop X retro — N passed, M failed").
 */
class ImplementorRecallTest {

    @TempDir
    Path dir;

    private LuceneKnowledgeIndex index;
    private ImplementorRecall implementor;

    static final String P = "/Users/joel/Code/joelhooks/joelclaw";
    static final String OTHER = "/Users/joel/Code/joelhooks/gremlin";
    static final String TITLE = "Add idempotency keys to the email sender";
    static final String DESCRIPTION = "Retried Inngest steps send duplicate emails. Store a key per step.";

    static KnowledgeDoc doc(String id, String type, String title, String content, String project, String loop) {
        return new KnowledgeDoc(id, type, title, content, null, project, loop, null, null, List.of(type, "loop"),
                1_795_000_000L, null);
    }

    @BeforeEach
    void open() {
        index = new LuceneKnowledgeIndex(dir.resolve("index"), 384);
        String longRetro = "The email sender retried on timeouts. " + "Idempotency keys were missing. ".repeat(60);
        index.upsert(List.of(
                doc("failed_target:loop-a:S3", "failed_target", "Failed: " + TITLE, "Story S3 failed after 3 attempt(s) "
                        + "with codex. Loop: loop-a, Project: " + P, P, "loop-a"),
                doc("retro:loop-a", "retro", "Loop loop-a retro — 3 passed, 1 failed", longRetro, P, "loop-a"),
                doc("lesson:loop-a:0", "lesson", "Add idempotency keys to every step of the email sender",
                        "Add idempotency keys to every step of the email sender", P, "loop-a"),
                doc("brain:loop-a", "brain_note", "Brain note: loop loop-a", "Add idempotency keys to the email sender",
                        P, "loop-a"),
                doc("adr:0042", "adr", "ADR-0042 Add idempotency keys to the email sender", "Decided.", null, null),
                doc("lesson:loop-z:0", "lesson", "Add idempotency keys to the email sender of gremlin",
                        "Add idempotency keys to the email sender of gremlin", OTHER, "loop-z")));
        index.flush();
        implementor = new ImplementorRecall(index);
    }

    @AfterEach
    void close() {
        index.close();
    }

    @Test
    void atMostTwoDocumentsOfTheFourTypesOfTheProjectInTheImplementorsBlocks() {
        ImplementorRecall.Injection got = implementor.inject(TITLE, DESCRIPTION, P);
        assertEquals(TITLE + " " + DESCRIPTION, got.query());
        assertEquals(P, got.project());
        assertThat(got.docs()).hasSize(2).allMatch(d -> ImplementorRecall.TYPES.contains(d.type()))
                .allMatch(d -> d.project().equals(P));
        assertThat(got.dropped()).isPositive(); // no document holds every word of title + description
        assertThat(got.section()).startsWith("## System Context (from prior loops)\n\n### [");
        KnowledgeDoc first = got.docs().get(0);
        assertThat(got.blocks()).startsWith("### [" + first.type() + "] " + first.title() + "\n" + first.content()
                .substring(0, Math.min(1000, first.content().length())));
        assertThat(got.blocks().split("\n\n### \\[")).hasSize(2);
    }

    @Test
    void contentIsCutAtAThousandCharactersAndBlocksAreJoinedByABlankLine() {
        ImplementorRecall.Injection got = implementor.inject("email sender retried on timeouts", "", P);
        assertThat(got.docs()).extracting(KnowledgeDoc::id).contains("retro:loop-a");
        String retro = index.get("retro:loop-a").orElseThrow().content();
        assertThat(got.blocks()).contains("### [retro] Loop loop-a retro — 3 passed, 1 failed\n" + retro.substring(0, 1000)
                + (got.docs().get(got.docs().size() - 1).id().equals("retro:loop-a") ? "" : "\n\n### ["));
        assertThat(got.blocks()).doesNotContain(retro.substring(0, 1001));
    }

    @Test
    void withoutAProjectEveryProjectIsSearched() {
        ImplementorRecall.Injection got = implementor.inject("Add idempotency keys to the email sender of gremlin",
                "", "");
        assertEquals(null, got.project());
        assertThat(got.docs()).extracting(KnowledgeDoc::id).contains("lesson:loop-z:0");
        assertThat(implementor.inject("Add idempotency keys to the email sender of gremlin", "", P).docs())
                .extracting(KnowledgeDoc::id).doesNotContain("lesson:loop-z:0");
    }

    @Test
    void aMissingDescriptionIsSearchedAsJavaScriptWritesIt() {
        assertEquals(TITLE + " undefined", implementor.inject(TITLE, null, P).query());
        assertThat(implementor.inject(TITLE, null, P).docs()).isNotEmpty();
    }

    @Test
    void nothingFoundMeansNoSection() {
        ImplementorRecall.Injection got = implementor.inject("Render the cathedral", "Medieval gothic arches", P);
        assertThat(got.docs()).isEmpty();
        assertEquals("", got.blocks());
        assertEquals("", got.section());
    }

    @Test
    void manyStoriesAtOnceGetWhatEachGetsAlone() {
        List<ImplementorRecall.Story> stories = List.of(new ImplementorRecall.Story(TITLE, DESCRIPTION, P),
                new ImplementorRecall.Story("Render the cathedral", "", P),
                new ImplementorRecall.Story("email sender retried on timeouts", "", P));
        List<ImplementorRecall.Injection> all = implementor.injectAll(stories);
        for (int i = 0; i < stories.size(); i++) {
            ImplementorRecall.Story s = stories.get(i);
            assertEquals(implementor.inject(s.title(), s.description(), s.project()), all.get(i));
        }
    }
}
