package app.compose;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import services.embedding.MiniLmEmbeddingModel;
import services.tasks.Lanes;

/**
 * The worker threads one process shares, made once by its composition root ({@link AppContext#pools()}) and handed
 * to whatever runs work beside the caller: every thread a daemon, gone after a minute idle. Nothing reaches them
 * through a static field; a benchmark run makes its own.
 */
public final class Pools {

    private final ExecutorService embeddingWorkers = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60,
            TimeUnit.SECONDS, new SynchronousQueue<>(), BackgroundThreads.named("embedding-worker"));
    private final Executor backfillWrites = oneAtATime();
    private final ExecutorService searchLanes = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
            new SynchronousQueue<>(), daemon("search-lane"));
    private final Lanes workLanes = Lanes.on(new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
            new SynchronousQueue<>(), daemon("work-lane")), Runtime.getRuntime().availableProcessors());

    private static Executor oneAtATime() {
        ThreadPoolExecutor one = new ThreadPoolExecutor(1, 1, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                BackgroundThreads.named("embedding-writes"));
        one.allowCoreThreadTimeOut(true);
        return one;
    }

    private static ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * The thread that writes the embedding backfill's documents to the index while the next batch is embedded (one
     * write at a time); it yields the CPU to the window ({@link BackgroundThreads}) as the embedding workers do.
     */
    public Executor backfillWrites() {
        return backfillWrites;
    }

    /** Threads that run a hybrid search's dense half beside its keyword half (one query of a batch each). */
    public ExecutorService searchLanes() {
        return searchLanes;
    }

    /**
     * Where services run the independent pieces of one operation (a sync's files, a replay's shares, the watchdog's
     * event files): the caller's thread and one daemon more per further core.
     */
    public Lanes workLanes() {
        return workLanes;
    }

    /**
     * The shipped model, embedding a call's texts on every core beside the caller's (one text per core at a time),
     * on threads that yield the CPU to the window; its session is loaded once per process.
     */
    public MiniLmEmbeddingModel embeddingModel() {
        return new MiniLmEmbeddingModel(embeddingWorkers, Runtime.getRuntime().availableProcessors());
    }
}
