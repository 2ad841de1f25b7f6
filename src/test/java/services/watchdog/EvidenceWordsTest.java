package services.watchdog;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;

/**
 * A failed target's documents from two loops have the same type and title: the evidence listed
 * "failed_target · Failed: Index retros | lessons…" twice, identically. Each now names its loop.
 */
class EvidenceWordsTest {

    @TempDir
    Path dir;

    private static KnowledgeDoc failed(String loop) {
        return new KnowledgeDoc("failed_target:" + loop + ":S2", "failed_target", "Failed: Index retros", "c",
                "redis", "joelclaw", loop, null, null, List.of(), 1, null);
    }

    @Test
    void documentsThatReadAlikeNameTheirLoop() {
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(dir.resolve("index"), 384)) {
            index.upsert(List.of(failed("loop-a"), failed("loop-b"), new KnowledgeDoc("lesson:x", "lesson", "Other",
                    "c", "vault", "joelclaw", "loop-a", null, null, List.of(), 1, null)));
            List<Evidence.Item> items = new Evidence(index, dir.resolve("otel")).describe(List.of(
                    "doc:failed_target:loop-a:S2", "doc:failed_target:loop-b:S2", "doc:lesson:x"));
            assertThat(items).extracting(Evidence.Item::text).containsExactly(
                    "failed_target · Failed: Index retros · loop-a", "failed_target · Failed: Index retros · loop-b",
                    "lesson · Other"); // a line that reads as no other stays as it was
        }
    }
}
