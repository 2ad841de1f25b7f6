package services.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.codecs.lucene99.Lucene99HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.index.CodecReader;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded index keeps its vectors as int4 (Lucene's scalar-quantized HNSW format, two dimensions a byte): the
 * graph search reads an eighth of the bytes, so a 100k-document index keeps about 20 MB of vectors in memory
 * instead of 150. The neighbours it finds are scored again with their float vectors, so scores are exact cosines.
 * An index written by an earlier version (float or int8 vectors) still answers, and what is written to it from now
 * on is int4.
 */
class LuceneQuantizedVectorsTest {

    @TempDir
    Path dir;

    @Test
    void vectorsAreWrittenAsInt4AndTheNearestDocumentIsStillFoundWithItsExactCosine() throws IOException {
        List<KnowledgeDoc> docs = randomDocs("q", 400, new Random(7));
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(dir.resolve("index"), 384)) {
            index.upsert(docs);
            index.flush();
            assertThat(files(dir.resolve("index"))).anyMatch(f -> f.endsWith(".veq"))
                    .anyMatch(f -> f.contains("ScalarQuantized"));
            // int4: 192 bytes of a 384-dimension vector and its 4-byte correction a document (int8: 388)
            assertThat(veqBytes(dir.resolve("index"))).isBetween(400L * 196, 400L * 196 + 4096);
            assertEachFindsItself(index, docs);
            Map<String, float[]> vectors = new HashMap<>();
            docs.forEach(d -> vectors.put(d.id(), d.embedding()));
            for (KnowledgeDoc d : docs.subList(0, 20)) {
                SearchResult r = index.search(KnowledgeQuery.text("", 5).nearest(d.embedding()));
                assertThat(r.hits().get(0).score()).as("the float vector's cosine with itself, not int4's")
                        .isCloseTo(1f, Offset.offset(1e-4f));
                for (SearchResult.Hit h : r.hits()) {
                    assertThat(h.score()).as("exact cosine").isCloseTo(dot(d.embedding(), vectors.get(h.doc().id())),
                            Offset.offset(1e-4f));
                }
            }
        }
    }

    @Test
    void anIndexWithFloatVectorsFromAnEarlierVersionStillAnswersAndNewWritesAreQuantized() throws IOException {
        List<KnowledgeDoc> old = writtenEarlier(new IndexWriterConfig().setUseCompoundFile(false), 11);
        assertThat(files(dir.resolve("index"))).noneMatch(f -> f.endsWith(".veq"));
        answersAndTakesNewWrites(old, 13);
        assertThat(files(dir.resolve("index"))).anyMatch(f -> f.endsWith(".veq"));
    }

    @Test
    void anIndexWithInt8VectorsFromTheVersionBeforeStillAnswersAndNewWritesAreInt4() throws IOException {
        List<KnowledgeDoc> old = writtenEarlier(new IndexWriterConfig().setUseCompoundFile(false)
                .setCodec(new Lucene912Codec() {
                    @Override
                    public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
                        return new Lucene99HnswScalarQuantizedVectorsFormat(); // int8
                    }
                }), 17);
        assertThat(veqBytes(dir.resolve("index"))).as("int8").isGreaterThanOrEqualTo(300L * 388);
        answersAndTakesNewWrites(old, 19);
        assertThat(veqBytes(dir.resolve("index"))).as("the int8 segment and an int4 one")
                .isBetween(300L * 388 + 50L * 196, 300L * 388 + 50L * 196 + 8192);
    }

    /** 300 documents as an earlier version wrote them ({@code config}'s codec), in {@code dir/index}. */
    private List<KnowledgeDoc> writtenEarlier(IndexWriterConfig config, long seed) throws IOException {
        List<KnowledgeDoc> old = randomDocs("old", 300, new Random(seed));
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(dir.resolve("written"), 384)) {
            index.upsert(old);
            index.flush();
        }
        copy(dir.resolve("written"), dir.resolve("index"), config);
        return old;
    }

    /** The index in {@code dir/index} finds its old documents, takes 50 new ones, and finds both. */
    private void answersAndTakesNewWrites(List<KnowledgeDoc> old, long seed) {
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(dir.resolve("index"), 384)) {
            assertEachFindsItself(index, old);
            List<KnowledgeDoc> added = randomDocs("new", 50, new Random(seed));
            index.upsert(added);
            index.flush();
            assertEachFindsItself(index, added);
            assertEachFindsItself(index, old);
        }
    }

    private static void assertEachFindsItself(LuceneKnowledgeIndex index, List<KnowledgeDoc> docs) {
        for (KnowledgeDoc d : docs.subList(0, 20)) {
            SearchResult r = index.search(KnowledgeQuery.text("", 5).nearest(d.embedding()));
            assertThat(r.hits()).isNotEmpty();
            assertThat(r.hits().get(0).doc().id()).isEqualTo(d.id());
            assertThat(r.hits().get(0).score()).as("cosine of a vector with itself").isGreaterThan(0.97f);
        }
    }

    /** The same documents rewritten with another codec (Lucene's default: float vectors, as earlier versions wrote). */
    private static void copy(Path from, Path to, IndexWriterConfig config) throws IOException {
        try (FSDirectory src = FSDirectory.open(from); FSDirectory dst = FSDirectory.open(to);
             DirectoryReader reader = DirectoryReader.open(src);
             IndexWriter writer = new IndexWriter(dst, config)) {
            writer.addIndexes(reader.leaves().stream().map(l -> (CodecReader) l.reader()).toArray(CodecReader[]::new));
            writer.setLiveCommitData(reader.getIndexCommit().getUserData().entrySet());
            writer.commit();
        }
    }

    private static long veqBytes(Path index) throws IOException {
        try (Stream<Path> s = Files.list(index)) {
            return s.filter(p -> p.toString().endsWith(".veq")).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static float dot(float[] a, float[] b) {
        float s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static List<KnowledgeDoc> randomDocs(String prefix, int n, Random random) {
        List<KnowledgeDoc> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            float[] v = new float[384];
            float norm = 0;
            for (int j = 0; j < v.length; j++) {
                v[j] = (float) random.nextGaussian();
                norm += v[j] * v[j];
            }
            for (int j = 0; j < v.length; j++) {
                v[j] /= (float) Math.sqrt(norm);
            }
            out.add(new KnowledgeDoc(prefix + ":" + i, "lesson", "Lesson " + i, "content " + i, null, null, null,
                    null, null, List.of(), 1L, v));
        }
        return out;
    }

    private static List<String> files(Path index) throws IOException {
        try (Stream<Path> s = Files.list(index)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }
}
