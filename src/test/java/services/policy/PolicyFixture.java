package services.policy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import services.review.ProposalWriter;
import services.workspace.Workspace;

/** Proposals of a chosen kind and risk in an otherwise empty review queue of the demo workspace. */
final class PolicyFixture {

    private PolicyFixture() {
    }

    /** Removes the demo's own proposals, so that a run sees only what a test writes. */
    static void emptyQueue(Workspace ws) throws IOException {
        for (Path dir : new Path[] {ws.skillProposalsDir(), ws.dreamDir().resolve("proposals")}) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(f);
                    }
                }
            }
        }
    }

    /** Sets {@code policy.surfaces} (a JSON list) and {@code policy.promoteAfter} in {@code workspace.json}. */
    static void surfaces(Workspace ws, String surfacesJson, int promoteAfter) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Path file = ws.dir().resolve("workspace.json");
        ObjectNode root = (ObjectNode) json.readTree(file.toFile());
        ObjectNode policy = root.has("policy") && root.get("policy").isObject() ? (ObjectNode) root.get("policy")
                : root.putObject("policy");
        policy.set("surfaces", json.readTree(surfacesJson));
        policy.put("promoteAfter", promoteAfter);
        Files.writeString(file, json.writerWithDefaultPrettyPrinter().writeValueAsString(root), StandardCharsets.UTF_8);
    }

    /** A dream proposal that creates {@code target} (a new file) in the behaviour repository. */
    static Path proposal(Workspace ws, String id, String kind, String risk, String target) throws IOException {
        String repo = kind.equals("PROPOSE_SKILL") || kind.equals("AMEND_SKILL") ? "skills" : "behaviour";
        Path file = ProposalWriter.write(ws.dreamDir().resolve("proposals"), id + ".md", id, kind, repo, target, "none",
                List.of("session:" + id), "# " + id + "\n\nWritten by the dream cycle.\n");
        String text = Files.readString(file, StandardCharsets.UTF_8).replace("\nrisk: medium\n", "\nrisk: " + risk + "\n");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }
}
