package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.demo.DemoWorkspace;
import services.embedding.EmbeddingCache;
import services.embedding.EmbeddingModel;
import services.embedding.Embeddings;
import services.embedding.HybridKnowledgeIndex;
import services.embedding.MiniLmEmbeddingModel;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.BackgroundTask;
import services.tasks.ProgressSink;
import services.tasks.TaskCallbacks;
import services.tasks.TaskHandle;
import services.tasks.TaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * The first semantic search of a process loads the model (seconds) and embeds the question: both happen in the
 * search task, never on the thread that owns the UI. The runner here works like the window's: tasks on a
 * background thread, callbacks delivered on the "UI" thread (the test's) when it asks for them.
 */
@Tag("model")
class SemanticSearchOffTheUiThreadTest {

    @TempDir
    Path tmp;

    /** Tasks on a pool thread; their callbacks queued for the UI thread. */
    static final class BackgroundRunner implements TaskRunner {
        final ExecutorService pool = Executors.newSingleThreadExecutor();
        final ConcurrentLinkedQueue<Runnable> callbacks = new ConcurrentLinkedQueue<>();

        @Override
        public <T> TaskHandle submit(String name, BackgroundTask<T> task, TaskCallbacks<T> then) {
            var future = pool.submit(() -> {
                try {
                    T out = task.run(ProgressSink.NONE);
                    callbacks.add(() -> then.onSuccess().accept(out));
                } catch (Exception e) {
                    callbacks.add(() -> then.onFailure().accept(e));
                }
            });
            return TaskHandle.of(name, () -> future.cancel(true), future::isDone);
        }

        @Override
        public List<TaskHandle> running() {
            return List.of();
        }

        @Override
        public void addListener(TaskListener listener) {
        }

        /** Runs every task to its end and delivers the callbacks, again while callbacks submit more tasks. */
        void finishAndDeliver() throws Exception {
            boolean delivered = true;
            while (delivered) {
                if (pool.isShutdown()) { // a test that shut the pool first: its tasks end, no new one can come
                    pool.awaitTermination(2, TimeUnit.MINUTES);
                } else {
                    pool.submit(() -> { }).get(2, TimeUnit.MINUTES); // one thread: every task submitted so far is done
                }
                delivered = false;
                for (Runnable r; (r = callbacks.poll()) != null; ) {
                    r.run();
                    delivered = true;
                }
            }
            pool.shutdown();
        }
    }

    @Test
    void theQuestionIsEmbeddedInTheSearchTaskSoTheModelsFirstLoadIsNeverOnTheUiThread() throws Exception {
        Workspace ws = Fixtures.loader().load(Fixtures.demoAt(tmp.resolve("d")));
        Thread ui = Thread.currentThread();
        List<Thread> embeddedOn = new ArrayList<>();
        MiniLmEmbeddingModel real = new MiniLmEmbeddingModel();
        EmbeddingModel watched = new EmbeddingModel() {
            @Override
            public String name() {
                return real.name();
            }

            @Override
            public int dimensions() {
                return real.dimensions();
            }

            @Override
            public List<float[]> embed(List<String> texts) {
                synchronized (embeddedOn) {
                    embeddedOn.add(Thread.currentThread());
                }
                return real.embed(texts);
            }
        };
        Embeddings embeddings = new Embeddings(watched, new EmbeddingCache(tmp.resolve("cache"), watched.name(), 384),
                null, MiniLmEmbeddingModel.MAX_CHARS);
        try (HybridKnowledgeIndex index = new HybridKnowledgeIndex(new LuceneKnowledgeIndex(ws.indexDir(), 384),
                embeddings)) {
            float[] v = real.embed(List.of("Every step that sends email must carry an idempotency key.")).get(0);
            index.upsert(List.of(new KnowledgeDoc("lesson:email", "lesson", "Idempotency keys",
                    "Every step that sends email must carry an idempotency key.", null, null, null, null, null,
                    List.of(), 1L, v)));
            BackgroundRunner runner = new BackgroundRunner();
            KnowledgeViewModel vm = new KnowledgeViewModel(index, new DocumentDetailViewModel(index, ws, runner,
                    ZoneOffset.UTC), runner, ZoneOffset.UTC);
            vm.setSemanticAvailable(true);
            vm.semanticProperty().set(true);
            vm.queryProperty().set("stop a retried job from emailing the customer twice");
            runner.finishAndDeliver();

            assertThat(embeddedOn).isNotEmpty().doesNotContain(ui);
            assertThat(vm.results()).extracting(ResultRow::id).contains("lesson:email");
        }
    }
}
