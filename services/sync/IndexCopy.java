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

    /** What a copy did. */
    public record Result(long source, int copied, Map<String, String> rejected, long millis) {
        public String summary() {
            return "copied " + copied + " of " + source + " documents" + (rejected.isEmpty() ? ""
                    : ", " + rejected.size() + " rejected") + " (" + millis + " ms)";
        }
    }

    private static final int PAGE = 500;

    private IndexCopy() {
    }

    public static Result copy(KnowledgeIndex from, KnowledgeIndex to, ProgressSink progress) {
        long started = System.currentTimeMillis();
        long total = from.status().documents();
        int copied = 0;
        Map<String, String> rejected = new LinkedHashMap<>();
        for (int offset = 0; offset < total; offset += PAGE) {
            progress.checkCancelled();
            SearchResult page = from.search(KnowledgeQuery.text("", PAGE).withSort(KnowledgeQuery.SortOrder.NEWEST)
                    .withPage(offset, PAGE));
            List<KnowledgeDoc> docs = page.hits().stream().map(SearchResult.Hit::doc).toList();
            if (docs.isEmpty()) {
                break;
            }
            try {
                to.upsert(docs);
                copied += docs.size();
            } catch (DocumentsRejected e) {
                rejected.putAll(e.reasons());
                copied += docs.size() - e.reasons().size();
            }
            progress.update((double) Math.min(total, offset + PAGE) / total, copied + " of " + total + " documents");
        }
        to.flush();
        return new Result(total, copied, rejected, System.currentTimeMillis() - started);
    }
}
