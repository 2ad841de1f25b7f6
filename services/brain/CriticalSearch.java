package services.brain;

import java.nio.file.Path;
import java.util.List;

/**
 * The running system's first recall path since July 2026 (running-system.md part 11): {@code joelclaw recall} and
 * {@code joelclaw knowledge search} read {@code critical.db} (SQLite FTS5) before Typesense. Read only.
 */
public interface CriticalSearch {

    /** {@code joelclaw recall}'s default {@code --limit}. */
    int RECALL_LIMIT = 5;

    /** The database file. */
    Path path();

    /**
     * {@code searchCriticalDb}: the FTS5 query built as critical-search.ts builds it, ranked by
     * {@code bm25(documents_fts, 6, 2, 1, 1)} then newest, at most {@code limit} (1–100) hits.
     */
    Result search(String query, int limit);

    /**
     * What {@code joelclaw recall QUERY --limit N} returns from critical.db: {@code 3 × N} (at most 60) hits asked,
     * those with a {@code write_verdict} of hold or discard dropped, the first N (at most 20) kept.
     */
    Result recall(String query, int limit);

    /** The database's freshness per source, from its {@code metadata} table. */
    CriticalFreshness freshness();

    /**
     * A search's answer.
     *
     * @param match     the FTS5 MATCH string ("" when the query has no word)
     * @param found     how many documents match
     * @param dropped   hits left out by recall's trust pass (hold, discard)
     */
    record Result(String query, String match, List<Hit> hits, long found, int dropped, CriticalFreshness freshness) {
        public Result {
            hits = List.copyOf(hits);
        }

        /** The ids in the order they were returned ({@code injected} in --json). */
        public List<String> ids() {
            return hits.stream().map(Hit::id).toList();
        }
    }

    /**
     * One document as critical-search.ts returns it.
     *
     * @param id           {@code document_id}
     * @param rank         bm25 (lower is better); {@code score} = max(0, −rank)
     * @param updatedAt    {@code source_updated_at}, else {@code created_at} (epoch seconds), or null
     * @param freshness    its source's freshness (fresh, stale, …)
     */
    record Hit(String id, String collection, String type, String title, String snippet, String source,
               String sourceKey, String path, String privacy, String writeVerdict, double rank, double score,
               Long updatedAt, String freshness) {
    }
}
