package app.bench;

import app.compose.IndexBackends;
import app.compose.Pools;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import services.embedding.BackfillState;
import services.embedding.EmbeddingBackfill;
import services.embedding.EmbeddingCache;
import services.embedding.EmbeddingModel;
import services.embedding.EmbeddingText;
import services.embedding.Embeddings;
import services.embedding.HybridKnowledgeIndex;
import services.embedding.MiniLmEmbeddingModel;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;
import services.workspace.Workspace;

/**
 * For the memory benchmark with semantic search on: unit vectors drawn from each text's hash, under the shipped
 * model's name, so a generated 100k-document workspace gets a vector for every document and sentence — in its
 * index and its cache, as a finished backfill leaves them — in minutes instead of the hour the real model would
 * take. What the window then keeps in memory (the index, the cache's table, the model it loads for the
 * questions) is what it keeps for real vectors of the same size.
 */
final class StandInModel implements EmbeddingModel {

    @Override
    public String name() {
        return MiniLmEmbeddingModel.NAME;
    }

    @Override
    public int dimensions() {
        return MiniLmEmbeddingModel.DIMENSIONS;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        for (String text : texts) {
            Random random = new Random(ByteBuffer.wrap(EmbeddingText.hash(name(), text)).getLong());
            float[] v = new float[dimensions()];
            double norm = 0;
            for (int i = 0; i < v.length; i++) {
                v[i] = (float) random.nextGaussian();
                norm += v[i] * v[i];
            }
            for (int i = 0; i < v.length; i++) {
                v[i] /= (float) Math.sqrt(norm);
            }
            out.add(v);
        }
        return out;
    }

    /** Syncs the workspace if its index is empty, then gives every document and sentence a stand-in vector. */
    static void embedEverything(Path workspaceDir, PrintWriter log, Pools pools) {
        Workspace ws = IndexBackends.shippedLoader().load(workspaceDir);
        StandInModel model = new StandInModel();
        Path state = ws.stateDir().resolve("embeddings");
        Embeddings embeddings = new Embeddings(model, new EmbeddingCache(state, model.name(), model.dimensions()), null,
                MiniLmEmbeddingModel.MAX_CHARS);
        try (HybridKnowledgeIndex index = new HybridKnowledgeIndex(new LuceneKnowledgeIndex(ws.indexDir(),
                model.dimensions()), embeddings)) {
            if (index.status().documents() == 0) {
                log.println("syncing " + workspaceDir + " …");
                log.flush();
                new VaultSync(ws, index, Clock.systemUTC()).preparingIn(pools.workLanes())
                        .run(SyncOptions.all(), ProgressSink.NONE);
            }
            log.println("giving every document and sentence a stand-in vector …");
            log.flush();
            // In batches of 5,000 written back in one commit each (the backfill commits every 32 documents, which
            // is right for a window that must stay responsive and hours long for 100k stand-in vectors); the
            // backfill then finds nothing left and records its state as a finished backfill would.
            long started = System.currentTimeMillis();
            int[] written = {0, 0};
            index.forEachWithoutEmbedding(0, 5_000, docs -> {
                Embeddings.Embedded out = embeddings.embedAll(docs);
                index.writeBackEmbeddings(out.docs());
                written[0] += docs.size();
                written[1] += out.sentences();
                log.printf("  %,d documents …%n", written[0]);
                log.flush();
            });
            embeddings.cache().flush();
            EmbeddingBackfill.Result r = new EmbeddingBackfill(index, embeddings, new BackfillState(state),
                    Telemetry.noop()).run(ProgressSink.NONE);
            log.printf("  %,d documents, %,d sentences in %.1f s; %,d vectors in the cache%n",
                    written[0] + r.computed() + r.cached(), written[1] + r.sentences(),
                    (System.currentTimeMillis() - started) / 1000.0, embeddings.cache().size());
            log.flush();
        }
    }
}
