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
     * stayed where they were; {@code keptBrainPages} every Brain page that stayed because the target is shared with
     * the running system, and {@code brainPagesNote} says so in one line (null when none stayed for that reason).
     */
    public record Result(long source, int copied, Map<String, String> rejected, long millis, int keptPrivate,
                         int keptBrainPages, String brainPagesNote) {
        public Result(long source, int copied, Map<String, String> rejected, long millis) {
            this(source, copied, rejected, millis, 0, 0, null);
        }

        public String summary() {
            return "copied " + copied + " of " + source + " documents" + (rejected.isEmpty() ? ""
                    : ", " + rejected.size() + " rejected") + (keptPrivate == 0 ? "" : ", " + keptPrivate
                    + " private Brain page" + (keptPrivate == 1 ? "" : "s") + " not copied") + " (" + millis + " ms)"
                    + (brainPagesNote == null ? "" : ". " + brainPagesNote);
        }
    }

    /** A Brain page marked private: shown where it was synced, never copied to another backend. */
    public static boolean isPrivate(KnowledgeDoc doc) {
        return isBrainPage(doc) && doc.tags().contains(DocumentMapper.PRIVATE);
    }

    /**
     * A document the sync made from a Brain page ({@code .svx} in a {@code brain} folder): its source names the page
     * (a brain note's id starts with {@code brain:} too, its source is the vault's).
     */
    public static boolean isBrainPage(KnowledgeDoc doc) {
        return doc.id().startsWith(BrainFiles.PREFIX) && doc.source() != null && BrainFiles.isPage(doc.source());
    }

    private static final int PAGE = 500;

    private IndexCopy() {
    }

    public static Result copy(KnowledgeIndex from, KnowledgeIndex to, ProgressSink progress) {
        return copy(from, to, null, progress);
    }

    /**
     * Copies into {@code to}; when it is shared with the running system ({@code sharedIndex}, as a sentence names
     * it: "Typesense system_knowledge"; null when it is the console's own) no Brain page is copied at all.
     */
    public static Result copy(KnowledgeIndex from, KnowledgeIndex to, String sharedIndex, ProgressSink progress) {
        long started = System.currentTimeMillis();
        long total = from.status().documents();
        int copied = 0;
        int keptPrivate = 0;
        int keptBrain = 0;
        Map<String, String> rejected = new LinkedHashMap<>();
        for (int offset = 0; offset < total; offset += PAGE) {
            progress.checkCancelled();
            SearchResult page = from.search(KnowledgeQuery.text("", PAGE).withSort(KnowledgeQuery.SortOrder.NEWEST)
                    .withPage(offset, PAGE));
            List<KnowledgeDoc> all = page.hits().stream().map(SearchResult.Hit::doc).toList();
            if (all.isEmpty()) {
                break;
            }
            List<KnowledgeDoc> docs = all.stream().filter(d -> sharedIndex == null || !isBrainPage(d)).toList();
            keptBrain += all.size() - docs.size();
            int before = docs.size();
            docs = docs.stream().filter(d -> !isPrivate(d)).toList();
            keptPrivate += before - docs.size();
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
        return new Result(total, copied, rejected, System.currentTimeMillis() - started, keptPrivate, keptBrain,
                keptBrain == 0 ? null : "Brain pages: " + keptBrain + " not copied to " + sharedIndex
                        + " — it is the running system's collection; browse them in a workspace with the embedded "
                        + "index.");
    }
}
