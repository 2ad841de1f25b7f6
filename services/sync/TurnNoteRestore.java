package services.sync;

import java.util.List;
import java.util.Map;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.notes.TurnNoteLog;
import services.workspace.Workspace;

/**
 * Turn notes live in the index and in their durable log ({@code state/turn-notes.jsonl}), not in the vault: an
 * empty index (new, or rebuilt after damage) gets them back from the log; a workspace from before the log has its
 * notes copied out of the index once.
 */
final class TurnNoteRestore {

    private TurnNoteRestore() {
    }

    /** @return how many notes were written to the index; unreadable log lines become warnings */
    static int run(Workspace workspace, KnowledgeIndex index, boolean full, List<FileIssue> warnings) {
        TurnNoteLog log = new TurnNoteLog(workspace.stateDir());
        if (!full) {
            if (!log.exists()) {
                log.append(index.search(KnowledgeQuery.text("", 1_000_000).withFilters(Map.of("type",
                        List.of("turn_note")))).hits().stream().map(SearchResult.Hit::doc).toList());
            }
            return 0;
        }
        String display = "state/" + TurnNoteLog.FILE;
        int[] written = {0};
        log.read(docs -> {
            index.upsert(docs);
            written[0] += docs.size();
        }).forEach(problem -> warnings.add(new FileIssue(display, problem)));
        return written[0];
    }
}
