package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.JGitReviewBranch;
import services.review.ProposalWriter;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;

/** {@code proposals show / approve} on a capped file: the refusal in words, the trade, the stale items. */
class CappedProposalCommandTest {

    @TempDir
    Path tmp;

    private String dir;
    private Workspace ws;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void demo() throws Exception {
        dir = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", dir).code());
        ws = Fixtures.loader().load(Path.of(dir));
        new WorkspaceFile(ws.dir()).update(root -> root.with("policy").putArray("caps").addObject()
                .put("repo", "behaviour").put("path", "SOUL.md").put("heading", "Principles").put("maxItems", 2)
                .put("staleAfterDays", 30));
        String base;
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), ws.reviewBranch())) {
            b.commit("SOUL.md", soul("Old one (validated: 2025-01-01)", "Keep").getBytes(StandardCharsets.UTF_8),
                    "seed", "joel", b.tip());
            base = b.read("SOUL.md").orElseThrow().blobId();
        }
        Path proposals = ws.dreamDir().resolve("proposals");
        ProposalWriter.write(proposals, "cap-add.md", "cap-add", "AMEND_SOUL", "behaviour", "SOUL.md", base,
                List.of("session:1"), soul("Old one (validated: 2025-01-01)", "Keep", "New"));
        Path trade = ProposalWriter.write(proposals, "cap-trade.md", "cap-trade", "AMEND_SOUL", "behaviour", "SOUL.md",
                base, List.of("session:2"), soul("Keep", "New"));
        Files.writeString(trade, Files.readString(trade).replace("\nstatus: pending\n",
                "\nstatus: pending\ndisplaces: \"Old one (validated: 2025-01-01)\"\n"));
    }

    private static String soul(String... items) {
        StringBuilder b = new StringBuilder("# Soul\n\n## Principles\n\n");
        for (String i : items) {
            b.append("- ").append(i).append('\n');
        }
        return b.toString();
    }

    @Test
    void anAdditionAtTheCapIsRefusedInShowAndApprove() {
        DemoCommandTest.Run show = run("proposals", "show", "cap-add", "--no-similar", "--workspace", dir);
        assertEquals(0, show.code(), show.err());
        assertThat(show.out()).contains("cap: SOUL.md › Principles (at most 2): 2 items now, 3 after")
                .contains("problem: capped file").contains("at its cap of 2 items")
                .contains("stale (not validated for 30 days").contains("Old one");

        DemoCommandTest.Run approve = run("proposals", "approve", "cap-add", "--by", "joel", "--workspace", dir);
        assertEquals(1, approve.code());
        assertThat(approve.err()).contains("at its cap of 2 items").contains("'displaces'");
    }

    @Test
    void aTradeIsShownOutAndInAndApprovedAsOneCommit() throws Exception {
        DemoCommandTest.Run show = run("proposals", "show", "cap-trade", "--no-similar", "--workspace", dir, "--json");
        assertEquals(0, show.code(), show.err());
        JsonNode cap = json.readTree(show.out()).get("cap");
        assertEquals("Old one (validated: 2025-01-01)", cap.get("displaces").asText());
        assertEquals("New", cap.get("adds").asText());
        assertThat(cap.get("refused").isNull()).isTrue();
        assertThat(run("proposals", "show", "cap-trade", "--no-similar", "--workspace", dir).out())
                .contains("trade: out \"Old one (validated: 2025-01-01)\" | in \"New\"");

        DemoCommandTest.Run approve = run("proposals", "approve", "cap-trade", "--by", "joel", "--workspace", dir);
        assertEquals(0, approve.code(), approve.err());
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), ws.reviewBranch())) {
            assertThat(new String(b.read("SOUL.md").orElseThrow().content(), StandardCharsets.UTF_8))
                    .isEqualTo(soul("Keep", "New"));
            assertThat(b.log(2).get(1).message()).startsWith("seed");
        }
    }
}
