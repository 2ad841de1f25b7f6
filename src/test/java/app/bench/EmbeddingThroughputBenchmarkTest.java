package app.bench;

import static org.assertj.core.api.Assertions.assertThat;

import app.compose.Pools;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.embedding.EmbeddingText;
import services.knowledge.KnowledgeDoc;

/** {@code bench embed}: what it embeds is what the issue names, and it reports every figure (no timing asserted). */
class EmbeddingThroughputBenchmarkTest {

    @TempDir
    Path tmp;

    @Test
    void documentsAreExactlyAThousandCharactersAndShareNoSentence() {
        List<KnowledgeDoc> docs = EmbeddingThroughputBenchmark.documents(50);
        Set<String> sentences = new HashSet<>();
        int total = 0;
        for (KnowledgeDoc d : docs) {
            assertThat(d.content()).hasSize(1_000);
            for (String s : EmbeddingText.sentences(d, 1_000)) {
                total++;
                sentences.add(s);
            }
        }
        assertThat(sentences).as("no sentence comes from another document's cache").hasSize(total);
    }

    @Test
    void aSmallRunReportsThroughputCpuAndTheUiStandIn() throws Exception {
        EmbeddingThroughputBenchmark.Result r = new EmbeddingThroughputBenchmark(tmp, new Pools())
                .run(6, new PrintWriter(new StringWriter()), false);
        assertThat(r.documents()).isEqualTo(6);
        assertThat(r.sentenceVectors()).isGreaterThan(6);
        assertThat(r.docsPerSecond()).isPositive();
        assertThat(r.cpuMsPerDoc()).isPositive();
        assertThat(EmbeddingThroughputBenchmark.table(r)).contains("| 6 |").contains(">= 100 documents");
    }
}
