package services.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.lucene.index.CodecReader;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded index keeps its vectors as int8 (Lucene's scalar-quantized HNSW format): the graph search reads a
 * quarter of the bytes, so a 100k-document index keeps about 40 MB of vectors in memory instead of 150. An index
 * written by an earlier version (float vectors) still answers, and what is written to it from now on is int8.
 */
class LuceneQuantizedVectorsTest {

    @TempDir
    Path dir;

    @Test
    void vectorsAreWrittenAsInt8AndTheNearestDocumentIsStillFound() throws IOException {
        List<KnowledgeDoc> docs = randomDocs("q", 400, new Random(7));
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(dir.resolve("index"), 384)) {
            index.upsert(docs);
            index.flush();
            assertThat(files(dir.resolve("index"))).anyMatch(f -> f.endsWith(".veq"))
                    .anyMatch(f -> f.contains("ScalarQuantized"));
            assertEachFindsItself(index, docs);
        }
    }

    @Test
    void anIndexWithFloatVectorsFromAnEarlierVersionStillAnswersAndNewWritesAreInt8() throws IOException {
        List<KnowledgeDoc> old = randomDocs("old", 300, new Random(11));
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(dir.resolve("written"), 384)) {
            index.upsert(old);
            index.flush();
        }
        floatCopy(dir.resolve("written"), dir.resolve("index"));
        assertThat(files(dir.resolve("index"))).noneMatch(f -> f.endsWith(".veq"));

        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(dir.resolve("index"), 384)) {
            assertEachFindsItself(index, old);
            List<KnowledgeDoc> added = randomDocs("new", 50, new Random(13));
            index.upsert(added);
            index.flush();
            assertThat(files(dir.resolve("index"))).anyMatch(f -> f.endsWith(".veq"));
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

    /** The same documents rewritten with Lucene's default codec: float vectors, as earlier versions wrote them. */
    private static void floatCopy(Path from, Path to) throws IOException {
        try (FSDirectory src = FSDirectory.open(from); FSDirectory dst = FSDirectory.open(to);
             DirectoryReader reader = DirectoryReader.open(src);
             IndexWriter writer = new IndexWriter(dst, new IndexWriterConfig().setUseCompoundFile(false))) {
            writer.addIndexes(reader.leaves().stream().map(l -> (CodecReader) l.reader()).toArray(CodecReader[]::new));
            writer.setLiveCommitData(reader.getIndexCommit().getUserData().entrySet());
            writer.commit();
        }
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
