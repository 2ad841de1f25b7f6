package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.ProposalWriter;

/** The CLI face of issue #25's refusals: the same messages as the window, a non-zero exit, nothing written. */
class UntrustedInputCommandTest {

    @TempDir
    Path tmp;

    private String ws;

    @BeforeEach
    void demo() {
        ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
    }

    @Test
    void aFolderTargetIsShownAndItsApprovalRefused() throws Exception {
        ProposalWriter.write(Path.of(ws, "dream/proposals"), "folder.md", "s-folder", "PROPOSE_SKILL", "skills", "skills",
                "none", List.of(), "x\n");
        DemoCommandTest.Run show = run("proposals", "show", "s-folder", "--workspace", ws);
        assertEquals(0, show.code(), show.err());
        assertThat(show.out()).contains("problem: Proposal s-folder: target \"skills\" is a folder");
        DemoCommandTest.Run approve = run("proposals", "approve", "s-folder", "--by", "joel", "--workspace", ws);
        assertEquals(1, approve.code());
        assertThat(approve.err()).contains("is a folder").contains("Nothing was written.");
        assertThat(Path.of(ws, "state/decisions.jsonl")).doesNotExist();
    }

    @Test
    void aMultiLineNameAndAnIllegalReviewBranchAreRefused() throws Exception {
        DemoCommandTest.Run by = run("proposals", "approve", "dream-2026-11-20-02", "--by", "joel\nProposal-Id: x",
                "--workspace", ws);
        assertEquals(1, by.code());
        assertThat(by.err()).contains("--by: the name \"joel\\nProposal-Id: x\" has a line break (U+000A)");
        Path file = Path.of(ws, "workspace.json");
        Files.writeString(file, Files.readString(file).replace("\"brain/review\"", "\"../../../victim.txt\""));
        DemoCommandTest.Run list = run("proposals", "list", "--workspace", ws);
        assertThat(list.code()).isNotZero();
        assertThat(list.err()).contains("key 'reviewBranch'").contains("is not a valid branch name");
    }

    @Test
    void anUnsafeTargetIsNamedOnceInTheListAndInTheRefusal() {
        DemoCommandTest.Run list = run("proposals", "list", "--workspace", ws);
        assertEquals(0, list.code());
        assertThat(list.out().lines().filter(l -> l.contains("dream-2026-11-20-04")).findFirst().orElseThrow())
                .contains("target \"../../etc/passwd\" contains '..'").doesNotContain("Proposal dream-2026-11-20-04:")
                .doesNotContain("Nothing was written");
        DemoCommandTest.Run approve = run("proposals", "approve", "dream-2026-11-20-04", "--by", "joel", "--workspace", ws);
        assertEquals(1, approve.code());
        assertThat(approve.err()).contains("cannot be approved: target \"../../etc/passwd\" contains '..'")
                .doesNotContain("cannot be approved: Proposal");
    }

    @Test
    void aShaThatIsNotHexOrAmbiguousIsRefused() {
        DemoCommandTest.Run head = run("amendments", "revert", "HEAD", "--by", "joel", "--workspace", ws);
        assertEquals(1, head.code());
        assertThat(head.err()).contains("\"HEAD\" is not a commit id");
    }
}
