package services.embedding;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import services.knowledge.KnowledgeDoc;

/**
 * The backfill's writes of embedded documents to the index, behind the embedding: documents whose vectors are
 * already in the cache are handed in batch by batch and written together, at most one write at a time and at most
 * one every {@code every} nanoseconds (each write is a commit: a new segment, its HNSW graph and quantization, and
 * sometimes a merge — per batch of 32 that was a third of the backfill's time). On {@code beside} the writes run on
 * another thread while the caller embeds the next batch; with {@code Runnable::run} they run on the caller's thread
 * when due. Nothing is lost if the process dies between two writes: every vector handed in is in the cache, so the
 * next run takes it from there. {@link #finish} writes what is left and waits; a failed write is thrown by the next
 * call.
 */
final class BackfillWrites {

    private final Consumer<List<KnowledgeDoc>> write;
    private final Executor beside;
    private final long every;
    private final Object lock = new Object();
    private List<KnowledgeDoc> waiting = new ArrayList<>();
    private CompletableFuture<Void> running = CompletableFuture.completedFuture(null);
    private long lastStarted;
    private int writes;

    /**
     * @param write  writes documents to the index (one commit)
     * @param beside where the writes run: another thread, or {@code Runnable::run} for the caller's
     * @param every  the least time between the starts of two writes, in nanoseconds (0: whenever none is running)
     */
    BackfillWrites(Consumer<List<KnowledgeDoc>> write, Executor beside, long every) {
        this.write = write;
        this.beside = beside;
        this.every = every;
        this.lastStarted = System.nanoTime();
    }

    /** Hands in embedded documents; starts a write of all waiting ones if none runs and the last began long enough ago. */
    void add(List<KnowledgeDoc> docs) {
        synchronized (lock) {
            rethrowIfFailed();
            waiting.addAll(docs);
            if (running.isDone() && System.nanoTime() - lastStarted >= every && !waiting.isEmpty()) {
                start();
                rethrowIfFailed(); // a write on this thread has ended already
            }
        }
    }

    /** Writes what waits and waits for every write to end (also after a failure or a cancel); throws a failed write's error. */
    void finish() {
        join(running);
        CompletableFuture<Void> last;
        synchronized (lock) {
            if (!waiting.isEmpty()) {
                start();
            }
            last = running;
        }
        join(last);
    }

    /** How many writes were started. */
    int writes() {
        synchronized (lock) {
            return writes;
        }
    }

    /** Starts a write of every waiting document (done already when it ran on this thread). */
    private void start() {
        List<KnowledgeDoc> batch = waiting;
        waiting = new ArrayList<>();
        lastStarted = System.nanoTime();
        writes++;
        running = CompletableFuture.runAsync(() -> write.accept(batch), beside);
    }

    private void rethrowIfFailed() {
        if (running.isCompletedExceptionally()) {
            join(running);
        }
    }

    private static void join(CompletableFuture<Void> write) {
        try {
            write.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }
}
