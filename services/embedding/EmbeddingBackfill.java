package services.embedding;

import io.opentelemetry.api.common.Attributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;

/**
 * Gives every document of the index that has no embedding one — from the cache when its words were embedded
 * before, else from the model — and writes it back (same fields, same {@code created_at}); its sentences' vectors
 * go to the cache only. Runs after a sync, in
 * the background: search works meanwhile, keyword-only for the documents not yet done. The embedded documents
 * go to the index about once a second, several batches in one commit ({@link #WRITE_EVERY}), on another thread
 * while the next batch is embedded when the composition gives one ({@link #writingBeside}); every vector is in the
 * cache before its document is written, so a run that dies between two writes loses nothing (the next takes the
 * vectors from the cache). Cancelling writes what was embedded and keeps it. A backend that can count embeddings finds the documents without one exactly; for one that
 * cannot (Typesense), the documents written since the last complete run, plus those this process wrote without
 * a vector, are looked at.
 */
public final class EmbeddingBackfill {

    static final int BATCH = 32;

    private final HybridKnowledgeIndex index;
    private final Embeddings embeddings;
    private final BackfillState state;
    private final Telemetry telemetry;
    /** Where the index writes run while the next batch is embedded (the caller's thread unless given one). */
    private Executor writingBeside = Runnable::run;
    /** The least time between two writes to the index (package-private: tests change it). */
    Duration writeEvery = WRITE_EVERY;
    /** How many writes to the index the last run made (package-private: tests read it). */
    int lastRunWrites;

    /**
     * The least time between two of the backfill's writes to the index: each is a commit (a new segment, its
     * HNSW graph and quantization, sometimes a merge), so the documents of about a second's embedding go in one.
     */
    public static final Duration WRITE_EVERY = Duration.ofSeconds(1);

    public EmbeddingBackfill(HybridKnowledgeIndex index, Embeddings embeddings, BackfillState state,
                             Telemetry telemetry) {
        this.index = index;
        this.embeddings = embeddings;
        this.state = state;
        this.telemetry = telemetry;
    }

    /**
     * Writes the embedded documents to the index on {@code executor} (one write at a time) while the caller's
     * thread embeds the next batch, instead of between batches. The composition root gives it a thread. Returns
     * this backfill.
     */
    public EmbeddingBackfill writingBeside(Executor executor) {
        this.writingBeside = Objects.requireNonNull(executor);
        return this;
    }

    /**
     * What a run did: documents embedded and taken from the cache, sentence vectors computed. {@code remaining} is
     * how many documents still lack an embedding (-1: unknown).
     */
    public record Result(int computed, int cached, int sentences, long millis, long remaining) {
        public int written() {
            return computed + cached;
        }

        public String summary() {
            return "embedded " + computed + " (" + cached + " from cache)"
                    + (sentences > 0 ? ", " + sentences + " sentence vectors" : "")
                    + (remaining > 0 ? ", " + remaining + " still without" : "");
        }
    }

    /** Runs a backfill; a second caller (the scheduler, the window) waits for the running one. */
    public Result run(ProgressSink progress) {
        if (!embeddings.enabled()) {
            throw new EmbeddingException("Semantic search is off: " + embeddings.disabledReason());
        }
        synchronized (embeddings) {
            return traced(progress);
        }
    }

    private Result traced(ProgressSink progress) {
        return telemetry.traced("embeddings.backfill", Attributes.empty(),
                () -> runUntraced(progress), r -> Attributes.builder()
                        .put("brainconsole.computed", (long) r.computed())
                        .put("brainconsole.cached", (long) r.cached()).build());
    }

    private Result runUntraced(ProgressSink progress) {
        long started = System.currentTimeMillis();
        long startedSeconds = started / 1000;
        boolean exact = index.embeddedCount() >= 0;
        long since = exact ? 0 : state.scannedUpTo();
        long todo = exact ? withoutEmbedding() : -1;
        int[] done = new int[3]; // documents embedded, from the cache; sentence vectors
        progress.update(todo == 0 ? 1 : 0, todo < 0 ? "looking for documents without embeddings"
                : todo + " documents to embed");
        Set<String> pending = embeddings.takePending();
        boolean sentencesToo = state.needsSentences();
        BackfillWrites writes = new BackfillWrites(index::writeBackEmbeddings, writingBeside, writeEvery.toNanos());
        try {
            index.forEachWithoutEmbedding(since, BATCH, docs -> {
                embedBatch(docs, done, writes);
                pending.removeAll(docs.stream().map(KnowledgeDoc::id).toList());
                report(progress, done, todo);
            });
            if (!exact && !pending.isEmpty()) {
                List<KnowledgeDoc> rest = new ArrayList<>();
                for (String id : pending) {
                    index.get(id).filter(d -> d.embedding() == null).ifPresent(rest::add);
                }
                for (int from = 0; from < rest.size(); from += BATCH) {
                    embedBatch(rest.subList(from, Math.min(rest.size(), from + BATCH)), done, writes);
                    report(progress, done, todo);
                }
            }
            writes.finish();
            if (sentencesToo) {
                done[2] += embedSentences(progress);
            }
        } catch (RuntimeException e) {
            embeddings.remember(pending); // what was not done is looked at again next time
            try {
                writes.finish(); // a cancel keeps what was embedded: it is written now
            } catch (RuntimeException alsoFailed) {
                if (alsoFailed != e) {
                    e.addSuppressed(alsoFailed);
                }
            }
            throw e;
        } finally {
            lastRunWrites = writes.writes();
            index.flush();
            embeddings.cache().flush();
        }
        long live = exact ? compactIfMostlyStale(progress) : -1;
        state.completed(startedSeconds - 3600, live); // an hour's margin for the clocks of other writers
        long remaining = exact ? withoutEmbedding() : -1;
        progress.update(1, "embedded " + done[0] + ", from cache " + done[1]);
        return new Result(done[0], done[1], done[2], System.currentTimeMillis() - started, remaining);
    }

    /** Once, for a workspace embedded before sentences were: every document's sentence vectors (how many new). */
    private int embedSentences(ProgressSink progress) {
        long documents = index.status().documents();
        int[] seen = new int[2];
        forEachDocument(documents, page -> {
            for (int from = 0; from < page.size(); from += BATCH) {
                seen[1] += embeddings.embedSentences(page.subList(from, Math.min(page.size(), from + BATCH)));
            }
            seen[0] += page.size();
            progress.update(documents > 0 ? Math.min(1.0, (double) seen[0] / documents) : -1,
                    "embedding the sentences of " + seen[0] + " of " + documents + " documents");
            progress.checkCancelled();
        });
        return seen[1];
    }

    /** Every document of the index, a thousand at a time, newest first. */
    private void forEachDocument(long documents, Consumer<List<KnowledgeDoc>> pages) {
        for (int offset = 0; offset < documents; offset += 1_000) {
            List<KnowledgeDoc> page = index.search(KnowledgeQuery.text("", 1_000)
                    .withSort(KnowledgeQuery.SortOrder.NEWEST).withPage(offset, 1_000))
                    .hits().stream().map(SearchResult.Hit::doc).toList();
            if (page.isEmpty()) {
                break;
            }
            pages.accept(page);
        }
    }

    /**
     * Vectors of words no document has any more pile up in the cache (every edit adds one or more). When the
     * cache holds more than twice as many vectors as were in use when it was last compacted or first filled (or
     * as the index has documents, if more), and over a thousand more, it is rewritten with only the vectors of the
     * documents there now and their sentences. Returns how many vectors are in use if that is newly known, else -1.
     */
    private long compactIfMostlyStale(ProgressSink progress) {
        long documents = index.status().documents();
        long live = state.liveVectors();
        if (live < 0) {
            return embeddings.cache().size(); // first filled: all of it is in use
        }
        if (embeddings.cache().size() <= 2 * Math.max(live, documents) + compactSlack) {
            return -1;
        }
        progress.update(-1, "compacting the embedding cache");
        Set<String> inUse = new HashSet<>();
        forEachDocument(documents, page -> page.forEach(d -> inUse.addAll(embeddings.hashesOf(d))));
        embeddings.cache().keepOnly(inUse);
        return embeddings.cache().size();
    }

    /** How many stale vectors beyond twice those in use are tolerated (package-private: tests lower it). */
    int compactSlack = 1_000;

    /** How many documents have no embedding (a backend that can count them). */
    private long withoutEmbedding() {
        return Math.max(0, index.status().documents() - index.embeddedCount());
    }

    /**
     * Embeds a batch (its vectors go to the cache at once) and hands it to {@code writes}, which writes it to the
     * index with the batches of about the same second, beside the next batch's embedding when it has a thread.
     */
    private void embedBatch(List<KnowledgeDoc> docs, int[] done, BackfillWrites writes) {
        Embeddings.Embedded out = embeddings.embedAll(docs);
        writes.add(out.docs()); // those changed meanwhile are not written back: found again next run
        done[0] += out.computed();
        done[1] += out.cached();
        done[2] += out.sentences();
    }

    private static void report(ProgressSink progress, int[] done, long todo) {
        int n = done[0] + done[1];
        progress.update(todo > 0 ? Math.min(1.0, (double) n / todo) : -1, "embedded " + n + (todo > 0 ? " of " + todo : ""));
        progress.checkCancelled();
    }
}
