package viewmodels.knowledge;

import java.util.ArrayList;
import java.util.List;
import services.brain.CriticalDbUnavailable;
import services.brain.CriticalSearch;

/**
 * The Recall preview's critical.db column: what {@code joelclaw recall QUESTION} returns today — critical.db read
 * first, one FTS5 keyword search over five collections, no budget, no rewrite — and the note that says so.
 */
final class CriticalColumn {

    private CriticalColumn() {
    }

    static String note(CriticalSearch critical) {
        String since = "Since July 2026 joelclaw recall and knowledge search read critical.db first (SQLite FTS5: one "
                + "keyword search over observations, memory, Brain pages, system_knowledge and vault notes — no budget, "
                + "no rewrite), then its NAS replicas, and only then Typesense — whose fallback search now reads the "
                + "observations and brain_graph_nodes projections, not system_knowledge. The budget columns show the "
                + "budgets over this console's index: the search recall ran before July 2026.";
        return critical == null ? since + " Set \"criticalDb\" in workspace.json to see its column."
                : since + " critical.db: " + critical.path();
    }

    /** Blocking: opens critical.db. A database that cannot be read is a column saying why. */
    static RecallViewModel.Column of(CriticalSearch critical, String question) {
        try {
            CriticalSearch.Result r = critical.recall(question, CriticalSearch.RECALL_LIMIT);
            // as short as the budget columns' headings: a tall one leaves the texts no room in a 700-pixel window
            String heading = "critical.db — " + r.hits().size() + " returned of " + r.found()
                    + (r.found() == 1 ? " match" : " matches")
                    + (r.dropped() > 0 ? " · " + r.dropped() + " held or discarded left out" : "")
                    + " · " + r.freshness().headline();
            String fresh = r.freshness().words();
            List<String> blocks = new ArrayList<>();
            for (CriticalSearch.Hit h : r.hits()) {
                blocks.add("### [" + h.collection() + " · " + h.type() + "] " + h.title() + "\n" + h.id()
                        + ("private".equals(h.privacy()) ? " · private" : "") + " · source " + h.sourceKey() + " ("
                        + h.freshness() + ")\n" + h.snippet().replace("<mark>", "").replace("</mark>", ""));
            }
            String context = blocks.isEmpty() ? "(nothing matches: joelclaw recall returns no hits)\n\nMATCH "
                    + (r.match().isEmpty() ? "(no word to search)" : r.match()) : String.join("\n\n", blocks);
            // its document count and what is wrong per source: after the hits, never in the heading
            context += "\n\n— critical.db " + fresh;
            return new RecallViewModel.Column(RecallViewModel.CRITICAL, heading, context, r.ids(), "What joelclaw "
                    + "recall returns today: critical.db " + fresh);
        } catch (CriticalDbUnavailable e) {
            return new RecallViewModel.Column(RecallViewModel.CRITICAL, "critical.db — cannot be read",
                    e.getMessage() + "\n\njoelclaw recall would try critical.db's NAS replicas, then Typesense's "
                            + "observations and brain_graph_nodes projections (not shown here).",
                    List.of());
        }
    }
}
