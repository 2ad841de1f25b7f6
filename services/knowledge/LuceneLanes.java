package services.knowledge;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Runs the searches of one {@code searchAll} call side by side: all but the first on an executor the composition
 * root gives, the first on the caller's thread (a hybrid search's keyword and dense halves at once). Without an
 * executor they run one after the other on the caller's thread.
 */
final class LuceneLanes {

    private LuceneLanes() {
    }

    static List<SearchResult> searchAll(List<KnowledgeQuery> queries, Executor executor,
                                        Function<KnowledgeQuery, SearchResult> search) {
        if (queries.size() < 2) {
            return queries.stream().map(search).toList();
        }
        List<CompletableFuture<SearchResult>> rest = new ArrayList<>();
        for (KnowledgeQuery q : queries.subList(1, queries.size())) {
            rest.add(CompletableFuture.supplyAsync(() -> search.apply(q), executor));
        }
        List<SearchResult> out = new ArrayList<>();
        out.add(search.apply(queries.get(0)));
        for (CompletableFuture<SearchResult> f : rest) {
            try {
                out.add(f.join());
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r; // the search's own exception, as if it had run on this thread
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw e;
            }
        }
        return out;
    }
}
