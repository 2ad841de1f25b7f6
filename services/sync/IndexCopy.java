package services.sync;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.knowledge.DocumentsRejected;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.tasks.ProgressSink;

/**
 * Copies every document of one index into another — the embedded index into Typesense, or back — for a
 * migration: page by page, newest first, upserting in batches. Documents the target rejects are reported by id;
 * the rest are copied. The source is only read.
 */
public final class IndexCopy {

    /**
     * What a copy did; {@code keptPrivate} counts the Brain pages marked private ({@code privacy: private}) that
     * stayed where they were.
     */
    public record Result(long source, int copied, Map<String, String> rejected, long millis, int keptPrivate) {
        public Result(long source, int copied, Map<String, String> rejected, long millis) {
            this(source, copied, rejected, millis, 0);
        }

        public String summary() {
            return "copied " + copied + " of " + source + " documents" + (rejected.isEmpty() ? ""
                    : ", " + rejected.size() + " rejected") + (keptPrivate == 0 ? "" : ", " + keptPrivate
                    + " private Brain page" + (keptPrivate == 1 ? "" : "s") + " not copied") + " (" + millis + " ms)";
        }
    }

    /** A Brain page marked private: shown where it was synced, never copied to another backend. */
    public static boolean isPrivate(KnowledgeDoc doc) {
        return doc.id().startsWith("brain:") && doc.tags().contains(DocumentMapper.PRIVATE);
    }

    private static final int PAGE = 500;

    private IndexCopy() {
    }

    public static Result copy(KnowledgeIndex from, KnowledgeIndex to, ProgressSink progress) {
        long started = System.currentTimeMillis();
        long total = from.status().documents();
        int copied = 0;
        int keptPrivate = 0;
        Map<String, String> rejected = new LinkedHashMap<>();
        for (int offset = 0; offset < total; offset += PAGE) {
            progress.checkCancelled();
            SearchResult page = from.search(KnowledgeQuery.text("", PAGE).withSort(KnowledgeQuery.SortOrder.NEWEST)
                    .withPage(offset, PAGE));
            List<KnowledgeDoc> all = page.hits().stream().map(SearchResult.Hit::doc).toList();
            if (all.isEmpty()) {
                break;
            }
            List<KnowledgeDoc> docs = all.stream().filter(d -> !isPrivate(d)).toList();
            keptPrivate += all.size() - docs.size();
            try {
                if (!docs.isEmpty()) {
                    to.upsert(docs);
                }
                copied += docs.size();
            } catch (DocumentsRejected e) {
                rejected.putAll(e.reasons());
                copied += docs.size() - e.reasons().size();
            }
            progress.update((double) Math.min(total, offset + PAGE) / total, copied + " of " + total + " documents");
        }
        to.flush();
        return new Result(total, copied, rejected, System.currentTimeMillis() - started, keptPrivate);
    }
}
