package services.reach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.embedding.EmbeddingCache;
import services.embedding.Embeddings;
import services.embedding.HybridKnowledgeIndex;
import services.embedding.MiniLmEmbeddingModel;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.LuceneKnowledgeIndex;
import services.review.PlannedChange;
import services.review.Proposal;
import services.review.ReviewService;

/**
 * Existing lessons like a proposal, on an index of lessons as the running system writes them (one Analysis bullet
 * each, id {@code lesson:<loopId>:<n>}): a near-duplicate proposal finds its lesson with the two sentences side by
 * side, an unrelated one finds none, one that says the opposite is flagged — by meaning, and by words when
 * semantic search is off.
 */
@Tag("model")
class SimilarLessonsTest {

    static final String P = "/Users/joel/Code/joelhooks/joelclaw";
    static final String[] LESSONS = {
        "Every step that sends email must carry an idempotency key, or a retried step sends the message twice.",
        "Stories that edit more than five files fail twice as often; split them before dispatch.",
        "Typesense filter values with spaces must be wrapped in backticks or the whole query fails with a 400.",
        "Flaky network tests should be quarantined, not retried until green; the loop burns attempts on them.",
        "Date handling across time zones broke three stories; store UTC and format at the edge.",
        "Deleting documents by fuzzy search removed unrelated failed targets; delete only by exact id.",
        "Run the type checker before the test suite; type errors hide behind failing tests and waste an attempt."};

    @TempDir
    Path dir;

    private KnowledgeIndex index;
    private Embeddings embeddings;

    @BeforeEach
    void open() {
        MiniLmEmbeddingModel model = new MiniLmEmbeddingModel();
        embeddings = new Embeddings(model, new EmbeddingCache(dir.resolve("cache"), model.name(), model.dimensions()),
                null, MiniLmEmbeddingModel.MAX_CHARS);
        index = new HybridKnowledgeIndex(new LuceneKnowledgeIndex(dir.resolve("index"), 384), embeddings);
        List<KnowledgeDoc> docs = new ArrayList<>();
        for (int i = 0; i < LESSONS.length; i++) {
            docs.add(new KnowledgeDoc("lesson:loop-mw1gch0a-tr6507:" + i, "lesson", LESSONS[i].substring(0, 60),
                    LESSONS[i], "vault:system/retrospectives/loop-mw1gch0a-tr6507.md", P, "loop-mw1gch0a-tr6507", null,
                    null, List.of("lesson"), 1_795_000_000L, null));
        }
        docs.add(new KnowledgeDoc("pattern:loop-mw1gch0a-tr6507", "pattern", "Patterns", "Every step that sends email "
                + "must carry an idempotency key.", null, P, null, null, null, List.of(), 1_795_000_000L, null));
        index.upsert(docs);
        index.flush();
    }

    @AfterEach
    void close() {
        index.close();
    }

    static ReviewService.Item proposal(String rationale, String before, String after) {
        Proposal p = new Proposal(Path.of("sp-2026-11-22-email-01.md"), Proposal.Origin.SKILL_PROPOSALS,
                "sp-2026-11-22-email-01", "skill_update", "additive_drift", "low", "skills", "skills/email/SKILL.md",
                "abc", 0.8, List.of("loop-x"), "retro:loop-x", "2026-11-22T03:00:00Z", "pending", rationale, null, null,
                null);
        return new ReviewService.Item(p, new PlannedChange("skills", "skills/email/SKILL.md", before, after, false,
                false, List.of(), "abc"), null);
    }

    @Test
    void aNearDuplicateProposalFindsItsLessonSideBySide() {
        String before = "# Email\n\n## Gotchas\n\n- Templates live in emails/.\n";
        ReviewService.Item item = proposal("A retried step emailed a customer twice.", before, before
                + "- Give each email-sending step an idempotency key so a retry does not send the mail again.\n");
        SimilarLessons.Found found = new SimilarLessons(index, embeddings).forProposal(item);
        assertEquals("meaning", found.method());
        assertThat(found.matches()).isNotEmpty();
        SimilarLessons.Match m = found.matches().get(0);
        assertEquals("lesson:loop-mw1gch0a-tr6507:0", m.id());
        assertThat(m.similarity()).isGreaterThanOrEqualTo(SimilarLessons.MEANING_THRESHOLD);
        assertThat(m.sentence()).startsWith("Give each email-sending step");
        assertThat(m.lessonSentence()).isEqualTo(LESSONS[0]);
        assertThat(m.contradiction()).isFalse();
        assertThat(found.matches()).noneMatch(x -> x.id().startsWith("pattern:")); // lessons only
    }

    @Test
    void anUnrelatedProposalFindsNone() {
        String before = "# Gateway\n";
        ReviewService.Item item = proposal("Telegram messages arrived out of order.", before, before
                + "- Route Telegram voice notes through the transcription queue before replying.\n");
        assertThat(new SimilarLessons(index, embeddings).forProposal(item).matches()).isEmpty();
    }

    @Test
    void aProposalThatSaysTheOppositeIsFlagged() {
        SimilarLessons.Found found = new SimilarLessons(index, embeddings).similarTo(
                "Do not run the type checker before the test suite; it slows every loop down.", null);
        assertThat(found.matches()).first().satisfies(m -> {
            assertEquals("lesson:loop-mw1gch0a-tr6507:6", m.id());
            assertThat(m.contradiction()).isTrue();
        });
    }

    @Test
    void aNewLessonIsComparedWithTheOthersNotItself() {
        String id = "lesson:loop-mw1gch0a-tr6507:3";
        SimilarLessons.Found found = new SimilarLessons(index, embeddings).similarTo(LESSONS[3], id);
        assertThat(found.matches()).noneMatch(m -> m.id().equals(id));
    }

    @Test
    void withSemanticSearchOffItComparesWords() {
        SimilarLessons byWords = new SimilarLessons(index, Embeddings.disabled("turned off in workspace.json."));
        SimilarLessons.Found found = byWords.similarTo("Wrap Typesense filter values with spaces in backticks, or the "
                + "query fails with a 400.", null);
        assertEquals("words", found.method());
        assertThat(found.note()).contains("semantic search is off");
        assertThat(found.matches()).extracting(SimilarLessons.Match::id).first()
                .isEqualTo("lesson:loop-mw1gch0a-tr6507:2");
        assertThat(byWords.similarTo("Route Telegram voice notes through the transcription queue.", null).matches())
                .isEmpty();
    }

    @Test
    void sentencesLoseTheirMarkdown() {
        assertThat(LessonSimilarity.sentences("## Gotchas\n\n- **Wrap** filter values in `backticks` always.\n1. ok\n"))
                .containsExactly("Wrap filter values in backticks always.");
    }
}
