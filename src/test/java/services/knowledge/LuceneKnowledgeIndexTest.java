package services.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded index against a real Lucene directory on disk: the contract, and what only Lucene does. */
class LuceneKnowledgeIndexTest extends KnowledgeIndexContract {

    @TempDir
    Path dir;

    @Override
    protected KnowledgeIndex openEmpty() {
        return new LuceneKnowledgeIndex(dir.resolve("index"), 384);
    }

    @Override
    protected KnowledgeIndex reopen() {
        return new LuceneKnowledgeIndex(dir.resolve("index"), 384);
    }

    @Test
    void textSearchStems() {
        assertThat(ids(index.search(KnowledgeQuery.text("idempotent", 10)))).contains("adr:0016", "lesson:l1:0");
    }

    @Test
    void weirdUserInputNeverThrows() {
        for (String text : List.of("\"unclosed", "a:b", "(((", "-", "*", "AND OR", "title:\"x", "\\")) {
            index.search(KnowledgeQuery.text(text, 10));
        }
    }

    @Test
    void aNewIndexIsMissingUntilItIsWritten() {
        try (LuceneKnowledgeIndex fresh = new LuceneKnowledgeIndex(dir.resolve("other"), 4)) {
            assertThat(fresh.exists()).isFalse();
            fresh.recreate();
            assertThat(fresh.exists()).isTrue();
        }
    }

    @Test
    void twoConsolesOnTheSameIndexBothReadAndWriteAndSeeEachOther() {
        try (LuceneKnowledgeIndex other = new LuceneKnowledgeIndex(dir.resolve("index"), 384)) {
            other.upsert(List.of(doc("other:1", "adr", "From the other console", "c", null, null, null, 1)));
            index.flush(); // what a read does by itself after the refresh interval
            assertThat(index.get("other:1")).isPresent();
            index.upsert(List.of(doc("mine:1", "adr", "Mine", "c", null, null, null, 1)));
            other.flush();
            assertThat(other.get("mine:1")).isPresent();
            assertThat(other.delete(List.of("mine:1", "absent"))).isEqualTo(1);
            index.flush();
            assertThat(index.get("mine:1")).isEmpty();
        }
    }

    @Test
    void embeddingsOfTheWrongDimensionAreRefusedWithTheDocumentId() {
        KnowledgeDoc wrong = doc("x:1", "adr", "t", "c", null, null, null, 1).withEmbedding(new float[3]);
        assertThat(assertThrows(KnowledgeIndexException.class, () -> index.upsert(List.of(wrong))).getMessage())
                .contains("x:1").contains("3 dimensions").contains("expects 384");
        index.upsert(List.of(doc("x:2", "adr", "t", "c", null, null, null, 1).withEmbedding(axis(0, 0))));
    }

    @Test
    void searchesSideBySideAnswerAsOneAfterTheOtherAndRaiseTheSearchesOwnError() {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (LuceneKnowledgeIndex beside = new LuceneKnowledgeIndex(dir.resolve("index"), 384).searchingBeside(pool)) {
            index.upsert(List.of(doc("v:1", "lesson", "Vector one", "near the first axis", null, null, null, 1)
                    .withEmbedding(axis(0, 0))));
            beside.flush();
            List<KnowledgeQuery> plan = List.of(KnowledgeQuery.text("quarant", 10),
                    KnowledgeQuery.text("", 10).nearest(axis(0, 0)),
                    KnowledgeQuery.text("", 10).withFilters(Map.of("type", List.of("skill"))));
            List<SearchResult> together = beside.searchAll(plan);
            List<SearchResult> inTurn = plan.stream().map(beside::search).toList();
            for (int i = 0; i < plan.size(); i++) {
                assertThat(ids(together.get(i))).isEqualTo(ids(inTurn.get(i)));
            }
            assertThat(ids(together.get(1))).startsWith("v:1");
            KnowledgeQuery wrongSize = KnowledgeQuery.text("", 10).nearest(new float[3]);
            assertThat(assertThrows(KnowledgeIndexException.class, () -> beside.searchAll(
                    List.of(KnowledgeQuery.text("quarant", 10), wrongSize))).getMessage()).contains("3 dimensions");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void readersSeeConsistentResultsWhileAWriterWrites() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<?> writer = pool.submit(() -> {
                for (int batch = 0; batch < 20; batch++) {
                    List<KnowledgeDoc> docs = new ArrayList<>();
                    for (int i = 0; i < 100; i++) {
                        docs.add(doc("bulk:" + batch + ":" + i, "lesson", "bulk " + i, "bulk content", "p", null,
                                null, 1000 + i));
                    }
                    index.upsert(docs);
                }
                index.flush();
            });
            Future<?> reader = pool.submit(() -> {
                long last = 0;
                while (!writer.isDone()) {
                    long total = index.search(KnowledgeQuery.text("", 1).withFacets(true)).total();
                    assertThat(total).isGreaterThanOrEqualTo(last);
                    last = total;
                }
            });
            writer.get();
            reader.get();
        } finally {
            pool.shutdownNow();
        }
        assertEquals(2005, index.status().documents());
    }

}
