package services.amendments;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import services.audit.DecisionLog;
import services.review.JGitReviewBranch;
import services.workspace.Workspace;

/** A dream run that applied amendments: each its own commit on the dream branch, all on one dream-log line. */
public final class RunFixture {

    private RunFixture() {
    }

    /** Applies one amendment per target as run {@code run}; returns their commits, oldest first. */
    public static List<String> apply(Workspace ws, String run, String... targets) {
        String branch = ws.settings().dreamBranch();
        List<String> shas = new ArrayList<>();
        ObjectNode line = DecisionLog.entry();
        line.put("ts", "2026-10-30T03:00:00Z").put("cycle", run).put("trigger", "cron");
        var outputs = line.putArray("outputs");
        for (int i = 0; i < targets.length; i++) {
            String id = run + "-0" + (i + 1);
            String sha = commit(ws, branch, targets[i], "# rule " + i + "\n\nApplied by " + id + ".\n", "dream: " + id
                    + "\n\nProposal-Id: " + id + "\n");
            shas.add(sha);
            outputs.addObject().put("id", id).put("kind", "PROPOSE_RULE").put("risk", "medium")
                    .put("target", targets[i]).put("action", "applied").put("sha", sha).put("branch", branch);
        }
        new DecisionLog(ws.dreamDir().resolve("log.jsonl")).append(line);
        return shas;
    }

    /** Commits {@code text} at {@code path} on {@code branch} of the behaviour repository. */
    public static String commit(Workspace ws, String branch, String path, String text, String message) {
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), branch)) {
            return b.commit(path, text.getBytes(StandardCharsets.UTF_8), message, "dream", b.tip()).sha();
        }
    }
}
