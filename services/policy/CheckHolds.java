package services.policy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.review.Proposal;
import services.review.ReviewService;
import services.text.FoldedPath;
import services.text.PlainText;

/**
 * What a failed post-apply check holds back from the dial, read from the decision log (which only the console
 * writes, never from a proposal file): the proposal whose change was reverted and the copy put up in its place are
 * never applied by the dial again, and no other proposal for the same file of the same repository is either, until a
 * person has decided the copy (approved, rejected or sent it back). A later failure holds the file again.
 */
final class CheckHolds {

    static final String BY = "policy:check";

    private final Set<String> ids = new HashSet<>();
    /** repo + folded target → the held copy a person has yet to decide. */
    private final Map<String, String> targets = new LinkedHashMap<>();

    static CheckHolds of(List<JsonNode> entries) {
        CheckHolds h = new CheckHolds();
        for (JsonNode e : entries) {
            String action = e.path("action").asText("");
            String id = e.path("proposal").asText("");
            if (action.equals("revert") && e.path("automatic").asBoolean(false) && BY.equals(e.path("by").asText())) {
                String held = e.path("held_as").asText("");
                h.ids.add(id);
                if (!held.isEmpty()) {
                    h.ids.add(held);
                }
                h.targets.put(key(e.path("repo").asText(""), e.path("target").asText("")), held.isEmpty() ? id : held);
            } else if ((action.equals("approve") || action.equals("reject") || action.equals("request_changes"))
                    && !e.path("by").asText(ReviewService.POLICY).startsWith(ReviewService.POLICY)) {
                h.targets.values().removeIf(id::equals);
            }
        }
        return h;
    }

    /** Why the dial may not apply {@code p} by itself, or null when no failed check holds it. */
    String why(Proposal p) {
        if (ids.contains(p.id())) {
            return "a post-apply check failed on this change: only a person approves it now";
        }
        String held = targets.get(key(p.repo(), p.target()));
        if (held != null) {
            return "a post-apply check failed on " + PlainText.oneLine(p.target()) + ": changes to it wait for a person until "
                    + held + " is decided";
        }
        return null;
    }

    private static String key(String repo, String target) {
        return (repo == null || repo.isEmpty() ? "behaviour" : repo) + "\u0000" + FoldedPath.path(target == null ? "" : target);
    }
}
