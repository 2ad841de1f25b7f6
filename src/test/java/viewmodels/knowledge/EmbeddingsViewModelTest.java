package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.embedding.BackfillState;
import services.embedding.EmbeddingBackfill;
import services.embedding.EmbeddingCache;
import services.embedding.Embeddings;
import services.embedding.HybridKnowledgeIndex;
import services.embedding.MiniLmEmbeddingModel;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.SynchronousTaskRunner;
import services.telemetry.Telemetry;

/** The Knowledge browser's semantic status, without a toolkit: real index, real model, synchronous runner. */
@Tag("model")
class EmbeddingsViewModelTest {

    @TempDir
    Path dir;

    @Test
    void offSaysWhyAndDoesNothing() {
        EmbeddingsViewModel vm = new EmbeddingsViewModel(null, null, "turned off in workspace.json", new SynchronousTaskRunner());
        vm.embedMissing();
        assertThat(vm.available()).isFalse();
        assertThat(vm.statusProperty().get()).isEqualTo("Semantic search off: turned off in workspace.json");
    }

    @Test
    void embedsWhatIsMissingThenSaysHowManyAreEmbeddedAndTellsTheBrowser() {
        MiniLmEmbeddingModel model = new MiniLmEmbeddingModel();
        Embeddings embeddings = new Embeddings(model, new EmbeddingCache(dir.resolve("cache"), model.name(), 384), null,
                MiniLmEmbeddingModel.MAX_CHARS);
        try (HybridKnowledgeIndex index = new HybridKnowledgeIndex(new LuceneKnowledgeIndex(dir.resolve("index"), 384),
                embeddings)) {
            index.upsert(List.of(new KnowledgeDoc("lesson:a", "lesson", "Quarantine flaky tests", "Quarantine flaky tests",
                    null, null, null, null, null, List.of(), 1L, null)));
            index.flush();
            EmbeddingsViewModel vm = new EmbeddingsViewModel(index, new EmbeddingBackfill(index, embeddings,
                    new BackfillState(dir.resolve("cache")), Telemetry.noop()), null, new SynchronousTaskRunner());
            AtomicInteger searches = new AtomicInteger();
            vm.setAfterEmbedding(searches::incrementAndGet);
            vm.embedMissing();
            assertThat(vm.runningProperty().get()).isFalse();
            assertThat(vm.statusProperty().get()).isEqualTo("Semantic search: 1 of 1 documents embedded");
            assertThat(searches.get()).isEqualTo(1);
            vm.embedMissing(); // nothing new: the browser is not asked to search again
            assertThat(searches.get()).isEqualTo(1);

            // the same index opened read-only: search by meaning works with the embeddings there, nothing is embedded
            index.upsert(List.of(new KnowledgeDoc("lesson:b", "lesson", "Use UTC", "Use UTC", null, null, null, null, null,
                    List.of(), 1L, null)));
            EmbeddingsViewModel readOnly = new EmbeddingsViewModel(index, null, null, new SynchronousTaskRunner());
            readOnly.embedMissing();
            assertThat(readOnly.available()).isTrue();
            assertThat(readOnly.statusProperty().get())
                    .isEqualTo("Semantic search: 1 of 2 documents embedded (read-only: no new embeddings here)");
        }
    }
}
