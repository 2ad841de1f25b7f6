package app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DemoCommandTest {

    @TempDir
    Path tmp;

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        CommandLine line = RootCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        line.setOut(new PrintWriter(out));
        line.setErr(new PrintWriter(err));
        int code = line.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void helpListsTheSubcommands() {
        Run run = run("--help");
        assertEquals(0, run.code());
        assertThat(run.out()).contains("demo");
    }

    @Test
    void demoWritesAWorkspaceAndReportsJson() throws Exception {
        Run run = run("demo", tmp.resolve("x").toString(), "--json");
        assertEquals(0, run.code(), run.err());
        JsonNode result = new ObjectMapper().readTree(run.out());
        assertThat(result.get("adrs").asInt()).isGreaterThanOrEqualTo(40);
        assertThat(tmp.resolve("x/workspace.json")).exists();
    }

    @Test
    void refusalExitsNonZeroWithOneJsonDocumentAndAMessage() throws Exception {
        Path busy = Files.createDirectories(tmp.resolve("busy"));
        Files.writeString(busy.resolve("keep.txt"), "x");
        Run run = run("demo", busy.toString(), "--json");
        assertEquals(1, run.code());
        assertThat(run.err()).startsWith("error: Cannot write the demo workspace: " + busy);
        JsonNode result = new ObjectMapper().readTree(run.out());
        assertEquals(false, result.get("ok").asBoolean());
    }
}
