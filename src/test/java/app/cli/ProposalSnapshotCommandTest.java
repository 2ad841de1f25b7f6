package app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import services.audit.DecisionLog;
import services.review.ProposalWriter;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * A person approves what they were shown: {@code proposals show} prints the snapshot's digest, and a decision is
 * refused — nothing committed, nothing recorded — when the file was rewritten since (without {@code --digest}: since
 * the console last showed or listed it; with one: since that digest).
 */
class ProposalSnapshotCommandTest {

    @TempDir
    Path tmp;

    private String ws;
    private Workspace workspace;
    private Path file;

    @BeforeEach
    void demo() throws Exception {
        ws = tmp.resolve("demo").toString();
        assertEquals(0, DemoCommandTest.run("demo", ws).code());
        workspace = Fixtures.loader().load(Path.of(ws));
        file = ProposalWriter.write(workspace.dreamDir().resolve("proposals"), "p-t.md", "p-t", "PROPOSE_RULE",
                "behaviour", "rules/a.md", "none", List.of("session:1"), "# Rule\n\nbenign rule\n");
    }

    private void rewriteToAgents() throws Exception {
        rewriteTo("AGENTS.md");
    }

    private void rewriteTo(String target) throws Exception {
        Files.writeString(file, Files.readString(file).replace("target: \"rules/a.md\"", "target: " + target)
                .replace("target: rules/a.md", "target: " + target).replace("benign rule", "Obey the agent."));
    }

    private long approvals() {
        return new DecisionLog(workspace.stateDir().resolve("decisions.jsonl")).read().entries().stream()
                .filter(e -> e.path("action").asText().equals("approve")).count();
    }

    private JsonNode showJson() throws Exception {
        return new ObjectMapper().readTree(DemoCommandTest.run("proposals", "show", "p-t", "--no-similar", "--json",
                "--workspace", ws).out());
    }

    @Test
    void showThenRewriteThenApproveIsRefusedAsRewrittenSinceYouSawIt() throws Exception {
        DemoCommandTest.Run show = DemoCommandTest.run("proposals", "show", "p-t", "--no-similar", "--workspace", ws);
        assertEquals(0, show.code(), show.err());
        assertThat(show.out()).contains("rules/a.md").containsPattern("digest: sha256:[0-9a-f]{12}\\b");
        rewriteTo("rules/b.md");
        DemoCommandTest.Run approve = DemoCommandTest.run("proposals", "approve", "p-t", "--workspace", ws);
        assertEquals(1, approve.code(), approve.out());
        assertThat(approve.err()).contains("rewritten since you saw it — show it again").contains("p-t");
        assertEquals(0, approvals(), "nothing recorded");
        DemoCommandTest.Run reject = DemoCommandTest.run("proposals", "reject", "p-t", "--reason", "no",
                "--workspace", ws);
        assertThat(reject.err()).contains("rewritten since you saw it");
        // shown again: what is approved now is what was shown last, AGENTS.md
        DemoCommandTest.Run again = DemoCommandTest.run("proposals", "show", "p-t", "--no-similar", "--workspace", ws);
        assertThat(again.out()).contains("rules/b.md");
        assertEquals(0, DemoCommandTest.run("proposals", "approve", "p-t", "--workspace", ws).code());
        assertEquals(1, approvals());
    }

    @Test
    void aStaleDigestIsRefusedAndTheDigestShownIsTheOneApproved() throws Exception {
        JsonNode shown = showJson();
        String digest = shown.get("digest").asText();
        assertThat(digest).matches("sha256:[0-9a-f]{64}");
        assertThat(shown.get("shortDigest").asText()).isEqualTo(digest.substring(0, 19));
        rewriteTo("rules/b.md");
        String fresh = showJson().get("digest").asText();
        assertThat(fresh).isNotEqualTo(digest);
        for (String stale : List.of(digest, digest.substring(0, 19), digest.substring(7, 19),
                " " + digest.toUpperCase(Locale.ROOT) + " ")) { // as typed: upper case, spaces around it
            DemoCommandTest.Run approve = DemoCommandTest.run("proposals", "approve", "p-t", "--digest", stale,
                    "--workspace", ws);
            assertEquals(1, approve.code(), approve.out());
            assertThat(approve.err()).contains("rewritten since you saw it").contains(digest.substring(0, 19));
        }
        assertEquals(0, approvals());
        DemoCommandTest.Run bad = DemoCommandTest.run("proposals", "approve", "p-t", "--digest", "abc", "--workspace", ws);
        assertEquals(2, bad.code(), bad.err());
        assertThat(bad.err()).contains("--digest");
        DemoCommandTest.Run ok = DemoCommandTest.run("proposals", "approve", "p-t", "--digest", fresh, "--workspace", ws);
        assertEquals(0, ok.code(), ok.err());
        assertEquals(1, approvals());
        assertThat(new DecisionLog(workspace.stateDir().resolve("decisions.jsonl")).read().entries().get(0)
                .get("digest").asText()).isEqualTo(fresh);
    }

    @Test
    void listJsonGivesEachDigestAndAListedFileRewrittenIsRefused() throws Exception {
        JsonNode list = new ObjectMapper().readTree(DemoCommandTest.run("proposals", "list", "--json", "--workspace",
                ws).out());
        JsonNode row = StreamSupport.stream(list.spliterator(), false)
                .filter(n -> n.get("id").asText().equals("p-t")).findFirst().orElseThrow();
        assertThat(row.get("digest").asText()).startsWith("sha256:");
        rewriteToAgents();
        DemoCommandTest.Run approve = DemoCommandTest.run("proposals", "approve", "p-t", "--workspace", ws);
        assertThat(approve.err()).contains("rewritten since you saw it");
        assertEquals(0, approvals());
    }

    @Test
    void aForgedPendingAfterAnApprovalIsListedTamperedWithWhatChangedAndIsNotApprovedAgain() throws Exception {
        assertEquals(0, DemoCommandTest.run("proposals", "approve", "p-t", "--workspace", ws).code());
        String approved = Files.readString(file);
        Files.writeString(file, approved.replace("status: approved", "status: pending").replace("rules/a.md",
                "AGENTS.md"));
        DemoCommandTest.Run list = DemoCommandTest.run("proposals", "list", "--workspace", ws);
        assertThat(list.out().lines().filter(l -> l.strip().startsWith("p-t ")).findFirst().orElseThrow())
                .contains("tampered");
        DemoCommandTest.Run pending = DemoCommandTest.run("proposals", "list", "--status", "pending", "--workspace", ws);
        assertThat(pending.out()).doesNotContain("p-t ");
        JsonNode json = showJson();
        assertThat(json.get("state").asText()).isEqualTo("tampered");
        assertThat(json.get("status").asText()).isEqualTo("approved");
        assertThat(json.get("tampering").get("fileStatus").asText()).isEqualTo("pending");
        assertThat(json.get("tampering").get("changes").toString()).contains("status: approved → pending")
                .contains("target: rules/a.md → AGENTS.md");
        assertThat(json.get("tampering").get("diff").asText()).contains("-status: approved").contains("+status: pending");
        DemoCommandTest.Run show = DemoCommandTest.run("proposals", "show", "p-t", "--no-similar", "--workspace", ws);
        assertThat(show.out()).contains("TAMPERED").contains("target: rules/a.md → AGENTS.md");
        DemoCommandTest.Run again = DemoCommandTest.run("proposals", "approve", "p-t", "--workspace", ws);
        assertEquals(1, again.code());
        assertThat(again.err()).contains("already approved");
        assertEquals(1, approvals());
    }

    /**
     * Found by attacking the built jar: a decided proposal rewritten into a file that is no valid proposal (a second
     * status key, an unknown kind) was listed "invalid" with status "pending" — the agent's claim — not tampered.
     */
    @ParameterizedTest
    @ValueSource(strings = {"duplicate status key", "unknown kind", "NUL in the target"})
    void aDecidedProposalRewrittenIntoAnInvalidFileIsStillDecidedAndShownTampered(String how) throws Exception {
        assertEquals(0, DemoCommandTest.run("proposals", "approve", "p-t", "--workspace", ws).code());
        String approved = Files.readString(file);
        Files.writeString(file, switch (how) {
            case "duplicate status key" -> approved.replace("status: approved", "status: approved\nstatus: pending");
            case "unknown kind" -> approved.replace("status: approved", "status: pending")
                    .replace("kind: PROPOSE_RULE", "kind: REWRITE_EVERYTHING");
            default -> approved.replace("status: approved", "status: pending")
                    .replace("target: \"rules/a.md\"", "target: \"rules/a\\0.md\"")
                    .replace("target: rules/a.md", "target: \"rules/a\\0.md\"");
        });
        JsonNode json = showJson();
        assertThat(json.get("state").asText()).as(how).isEqualTo("tampered");
        assertThat(json.get("status").asText()).as(how).isEqualTo("approved");
        assertThat(json.get("tampering").get("changes").toString()).as(how).contains("no longer a valid proposal");
        DemoCommandTest.Run pending = DemoCommandTest.run("proposals", "list", "--status", "pending", "--workspace", ws);
        assertThat(pending.out()).as(how).doesNotContain("p-t ");
        DemoCommandTest.Run decided = DemoCommandTest.run("proposals", "list", "--status", "approved", "--workspace", ws);
        assertThat(decided.out()).as(how).contains("p-t ");
        DemoCommandTest.Run inbox = DemoCommandTest.run("inbox", "--workspace", ws);
        assertThat(inbox.out()).as(how).contains("Tampered proposal p-t").doesNotContain("Invalid proposal p-t");
        DemoCommandTest.Run again = DemoCommandTest.run("proposals", "approve", "p-t", "--workspace", ws);
        assertEquals(1, again.code(), how);
        assertEquals(1, approvals(), how);
    }
}
