package services.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static services.knowledge.KnowledgeIndexContract.axis;
import static services.knowledge.KnowledgeIndexContract.doc;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window polls the index's change stamp every second and, when it moves, reads the status again, searches again
 * and looks for documents to embed. Its own embedding write-backs — a commit every second while it embeds — moved
 * the stamp, so the window searched (and started another embedding run, finding nothing) every second or two while
 * nobody used it. Writing embeddings back to the same documents is not a change of content: the stamp stays; a
 * content write, here or from another process, still moves it — also one made just before an embedding write.
 */
class EmbeddingWritesStampTest {

    @TempDir
    Path dir;

    @Test
    void embeddingWriteBacksLeaveTheStampAndContentWritesMoveIt() {
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(dir.resolve("index"), 384)) {
            KnowledgeDoc a = doc("lesson:a", "lesson", "Retry with keys", "c", null, null, null, 1);
            KnowledgeDoc b = doc("lesson:b", "lesson", "Kill dev servers", "c", null, null, null, 1);
            index.upsert(List.of(a, b));
            Object written = index.changeStamp();

            index.upsertEmbeddings(List.of(a.withEmbedding(axis(0, 0))));
            index.upsertEmbeddings(List.of(b.withEmbedding(axis(1, 0))));
            assertThat(index.changeStamp()).as("embeddings written back: nothing to read again").isEqualTo(written);
            assertThat(index.embeddedCount()).isEqualTo(2); // and they were written

            index.upsert(List.of(doc("lesson:c", "lesson", "New", "c", null, null, null, 1)));
            Object added = index.changeStamp();
            assertThat(added).as("a document added here").isNotEqualTo(written);

            try (LuceneKnowledgeIndex other = new LuceneKnowledgeIndex(dir.resolve("index"), 384)) {
                other.upsert(List.of(doc("other:1", "adr", "From another console", "c", null, null, null, 1)));
            }
            // another process's write, then an embedding write of this one on top of it: the foreign write shows
            index.upsertEmbeddings(List.of(index.get("lesson:c").orElseThrow().withEmbedding(axis(2, 0))));
            assertThat(index.changeStamp()).as("another console's write before our embedding write")
                    .isNotEqualTo(added);
        }
    }
}
