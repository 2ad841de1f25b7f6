package services.recall;

import java.util.List;
import services.knowledge.SearchResult;

/**
 * What an agent would get injected for a question under one budget: the query actually run, how many candidates
 * matched, the hits injected, and the {@code ## System Context} block itself.
 */
public record RecallPreview(RecallBudget budget, String query, long candidates, List<SearchResult.Hit> injected,
                            String contextBlock, long tookMicros) {

    public RecallPreview {
        injected = List.copyOf(injected);
    }
}
