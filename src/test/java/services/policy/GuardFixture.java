package services.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import services.audit.DecisionLog;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;

/** The guardrails' settings written into a test workspace, and the decision log read back. */
final class GuardFixture {

    static final ObjectMapper JSON = new ObjectMapper();

    private GuardFixture() {
    }

    /** Changes the {@code policy} object of {@code workspace.json}. */
    static void policy(Workspace ws, Consumer<ObjectNode> change) {
        new WorkspaceFile(ws.dir()).update(root -> {
            JsonNode p = root.get("policy");
            change.accept(p != null && p.isObject() ? (ObjectNode) p : root.putObject("policy"));
        });
    }

    /** One check as {@code policy.checks} holds it. */
    static void check(Workspace ws, String path, int timeoutSeconds, String... command) {
        policy(ws, p -> {
            ObjectNode c = p.putArray("checks").addObject();
            c.put("name", "rules parse");
            c.put("path", path);
            c.put("repo", "behaviour");
            var cmd = c.putArray("command");
            for (String a : command) {
                cmd.add(a);
            }
            c.put("timeoutSeconds", timeoutSeconds);
        });
    }

    /** Replaces the test proposal's rationale ("Planted by a test.") with {@code text}. */
    static void rationale(Path file, String text) throws IOException {
        String s = Files.readString(file, StandardCharsets.UTF_8);
        Files.writeString(file, s.replace("## Rationale\n\nPlanted by a test.\n", "## Rationale\n\n" + text + "\n"),
                StandardCharsets.UTF_8);
    }

    static List<JsonNode> decisions(Workspace ws) {
        return new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries();
    }
}
