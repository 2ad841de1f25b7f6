package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.review.ProposalWriter;

/**
 * {@code brain-console --workspace DIR proposals approve ID} decides in DIR. Found by attacking the built jar: the
 * option before the subcommand was read by the window's launcher only, so the command worked on the last opened
 * workspace — a person approving in one workspace committed in another.
 */
class RootWorkspaceOptionTest {

    @TempDir
    Path tmp;

    private static long approvals(Path ws, String id) {
        return new DecisionLog(ws.resolve("state/decisions.jsonl")).read().entries().stream()
                .filter(e -> e.path("action").asText().equals("approve") && e.path("proposal").asText().equals(id))
                .count();
    }

    @Test
    void theWorkspaceBeforeTheSubcommandIsTheOneWorkedOnNeverTheLastOpened() throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        assertEquals(0, run("demo", a.toString()).code());
        assertEquals(0, run("demo", b.toString()).code());
        for (Path ws : List.of(a, b)) {
            ProposalWriter.write(ws.resolve("dream/proposals"), "p-t.md", "p-t", "PROPOSE_RULE", "behaviour",
                    "rules/a.md", "none", List.of("session:1"), "# Rule\n\nbenign rule\n");
        }
        assertEquals(0, run("proposals", "list", "--workspace", a.toString()).code()); // a is the last opened

        DemoCommandTest.Run list = run("--workspace", b.toString(), "proposals", "list", "--json");
        assertEquals(0, list.code(), list.err());
        assertThat(list.out()).contains(b.resolve("dream").toString()).doesNotContain(a.resolve("dream").toString());

        DemoCommandTest.Run approve = run("--workspace", b.toString(), "proposals", "approve", "p-t");
        assertEquals(0, approve.code(), approve.err());
        assertThat(approve.out()).contains(b.toString());
        assertEquals(1, approvals(b, "p-t"));
        assertEquals(0, approvals(a, "p-t"), "nothing decided in the workspace opened last");
        assertThat(Files.readString(a.resolve("dream/proposals/p-t.md"))).doesNotContain("status: approved");
    }

    @Test
    void twoDifferentWorkspacesOnOneCommandLineAreAUsageError() throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        assertEquals(0, run("demo", a.toString()).code());
        assertEquals(0, run("demo", b.toString()).code());
        DemoCommandTest.Run r = run("--workspace", a.toString(), "proposals", "list", "--workspace", b.toString());
        assertEquals(2, r.code(), r.out());
        assertThat(r.err()).contains("--workspace is given twice");
        assertEquals(0, run("--workspace", a.toString(), "proposals", "list", "--workspace", a.toString()).code());
    }
}
