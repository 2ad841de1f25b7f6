package services.amendments;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import services.text.PlainText;
import services.workspace.BranchName;

/** An output line of the dream log, written by an agent, checked before the console joins or reverts it. */
final class DreamOutputCheck {

    private DreamOutputCheck() {
    }

    /**
     * Why an output of the (agent-written) dream log cannot be joined or reverted safely, or null: its id, target,
     * kind and cycle must be one line, its sha a commit id (hex), its branch a valid branch name.
     */
    static String problem(JsonNode o) {
        for (String key : List.of("id", "kind", "target", "risk")) {
            JsonNode value = o.get(key);
            if (value != null && !value.isNull() && !value.isValueNode()) {
                return "'" + key + "' must be text";
            }
            String why = value == null ? null : PlainText.problem(value.asText()).orElse(null);
            if (why != null) {
                return "'" + key + "' " + PlainText.shown(value.asText()) + " has " + why;
            }
        }
        String id = o.path("id").asText("");
        if (!id.isEmpty() && id.isBlank()) { // no commit trailer or decision line could name it (a trailer's value is trimmed)
            return "'id' is blank";
        }
        for (String key : List.of("sha", "reverts")) {
            String sha = o.path(key).asText("");
            if (!sha.isEmpty() && !sha.matches("[0-9a-fA-F]{4,40}")) {
                return "'" + key + "' " + PlainText.shown(sha) + " is not a commit id (4 to 40 hex digits)";
            }
        }
        String branch = o.path("branch").asText("");
        if (!branch.isEmpty()) {
            String why = BranchName.problem(branch).orElse(null);
            if (why != null) {
                return "'branch': " + why;
            }
        }
        return null;
    }
}
