package services.knowledge;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.codecs.lucene99.Lucene99HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99ScalarQuantizedVectorsFormat;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.store.NIOFSDirectory;

/** The embedded index's files: how its folder is opened and how its writers lay segments out. */
final class LuceneFiles {

    /** Lucene 9.12's HNSW and flat vector files (data, graph, metadata; quantized variants). */
    private static final Set<String> VECTOR_FILES = Set.of("vec", "vex", "vem", "vemf", "veq", "vemq");

    private LuceneFiles() {
    }

    static IndexWriterConfig writerConfig(Analyzer analyzer) {
        IndexWriterConfig config = new IndexWriterConfig(analyzer).setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                .setUseCompoundFile(false);
        config.getMergePolicy().setNoCFSRatio(0); // vector files stay files of their own, memory-mapped
        config.setRAMBufferSizeMB(64);
        if (Boolean.getBoolean("brainconsole.floatVectors")) {
            return config; // Lucene's default: float vectors only (benchmarks measure the difference with it)
        }
        // Vectors as int4 (scalar-quantized, two dimensions a byte, Lucene's dynamic confidence interval; the floats
        // stay beside them for merges and for LuceneExactRescore): the graph search reads 196 bytes a document instead of
        // 1,536 (int8: 388), so a 100k-document index keeps ~25 MB of vectors and graph resident (int8: 43). The
        // neighbours it finds are scored again with their floats, so dense recall is the floats'. Segments
        // written earlier (float or int8 vectors) still answer and become int4 as Lucene merges them.
        // -Dbrainconsole.vectorBits=8 writes int8 (benchmarks measure the difference with it).
        int bits = Integer.getInteger("brainconsole.vectorBits", 4);
        config.setCodec(new Lucene912Codec() {
            private final KnnVectorsFormat quantized = bits == 8
                    ? new Lucene99HnswScalarQuantizedVectorsFormat()
                    : new Lucene99HnswScalarQuantizedVectorsFormat(
                            Lucene99HnswVectorsFormat.DEFAULT_MAX_CONN,
                            Lucene99HnswVectorsFormat.DEFAULT_BEAM_WIDTH, 1, 4, true,
                            Lucene99ScalarQuantizedVectorsFormat.DYNAMIC_CONFIDENCE_INTERVAL,
                            null);

            @Override
            public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
                return quantized;
            }
        });
        return config;
    }

    /**
     * Plain reads for everything (memory-mapping the whole index kept every page a browse touched resident), but
     * memory-mapped vector files: a nearest-neighbour search hops across the graph and reads hundreds of vectors
     * at random, which costs one system call each through plain reads.
     */
    static FSDirectory directory(Path dir) throws IOException {
        return new NIOFSDirectory(dir) {
            private final MMapDirectory vectors = new MMapDirectory(dir);

            @Override
            public IndexInput openInput(String name, IOContext context)
                    throws IOException {
                String extension = IndexFileNames.getExtension(name); // null: segments_N
                // A quantized segment's float copy (.vec beside .veq) is read only for a search's few hundred
                // neighbours and for merges: plain reads, or every page they touch would stay resident.
                boolean floatsBesideQuantized = "vec".equals(extension) && name.contains("ScalarQuantized");
                return extension != null && VECTOR_FILES.contains(extension) && !floatsBesideQuantized
                        ? vectors.openInput(name, context) : super.openInput(name, context);
            }

            @Override
            public synchronized void close() throws IOException {
                vectors.close();
                super.close();
            }
        };
    }

    static void closeQuietly(FSDirectory opened) {
        if (opened != null) {
            try {
                opened.close();
            } catch (IOException ignored) {
                // the open already failed; that failure is the one to report
            }
        }
    }
}
