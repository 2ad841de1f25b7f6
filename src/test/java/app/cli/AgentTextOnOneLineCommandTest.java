package app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code sync} prints about an agent's file stays on that file's one line: a retro named with a line break or
 * U+2028, or whose count holds them, cannot print a second line of its own (a forged "error" or "all good").
 */
class AgentTextOnOneLineCommandTest {

    @TempDir
    Path tmp;

    @Test
    void aFileNameOrAValueWithLineBreaksIsPrintedOnItsOwnLineEscaped() throws Exception {
        String ws = tmp.resolve("demo").toString();
        DemoCommandTest.run("demo", ws);
        Path retros = Path.of(ws, "vault", "system", "retrospectives");
        String retro = "---\nloopId: loop-q\nproject: joelclaw\ndate: 2026-11-01\nstoriesCompleted: %s\n"
                + "storiesFailed: 1\nstoriesSkipped: 0\n---\n## Summary\n\nS.\n";
        Files.writeString(retros.resolve("loop-a\nFAKE1 all good\u2028FAKE2.md"), retro.formatted("\"x\""));
        Files.writeString(retros.resolve("loop-b.md"), retro.formatted("\"5\\LFAKE3 all good\\nFAKE4\\x85FAKE5\""));

        DemoCommandTest.Run sync = DemoCommandTest.run("sync", "--workspace", ws);

        String printed = sync.out() + "\n" + sync.err();
        assertThat(printed).contains("loop-b.md").contains("FAKE1").contains("FAKE3");
        assertThat(printed.split("\n", -1)).noneMatch(line -> line.startsWith("FAKE"));
        assertThat(printed.codePoints()).doesNotContain(0x2028, 0x2029, 0x85);
    }
}
