package app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.workspace.AppDirs;
import services.workspace.RecentWorkspaces;

/** What the command line says, and what it remembers, on the cases a new user meets first. */
class CliWordingTest {

    @TempDir
    Path tmp;

    private String before;

    @BeforeEach
    void ownAppFolders() {
        before = System.getProperty("brainconsole.home");
        System.setProperty("brainconsole.home", tmp.resolve("home").toString());
    }

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty("brainconsole.home");
        } else {
            System.setProperty("brainconsole.home", before);
        }
    }

    @Test
    void aJsonErrorNamesTheLineAndTheReasonWithoutParserInternals() throws Exception {
        Path ws = Files.createDirectories(tmp.resolve("bad"));
        for (String text : new String[] {"[1,2", "{\"name\": \"x\",\n \"vault\": [1,", "{\"a\": \"b\"}}", "{\"a\" 1}"}) {
            Files.writeString(ws.resolve("workspace.json"), text);
            DemoCommandTest.Run run = DemoCommandTest.run("proposals", "list", "--workspace", ws.toString());
            assertEquals(1, run.code(), text);
            assertThat(run.err()).as(text).startsWith("error: " + ws.resolve("workspace.json") + " line ")
                    .contains("not valid JSON").doesNotContain("StreamReadFeature").doesNotContain("Source:")
                    .doesNotContain("REDACTED").doesNotContain("(code ");
        }
    }

    @Test
    void demoTellsAJarUserTheCommandThatWorksAndCountsInWords() {
        DemoCommandTest.Run run = DemoCommandTest.run("demo", tmp.resolve("d").toString());
        assertEquals(0, run.code(), run.err());
        assertThat(run.out()).contains("Open it with: java -jar ").contains(" proposals.")
                .doesNotContain("Open it with: brain-console");
    }

    @Test
    void everyCommandTakesWorkspaceBenchIncluded() {
        picocli.CommandLine line = RootCommand.commandLine();
        line.parseArgs("bench", "brief", "--workspace", tmp.toString()); // no usage error
        DemoCommandTest.Run run = DemoCommandTest.run("bench", "nothing", "--workspace", tmp.toString());
        assertEquals(2, run.code()); // the benchmark's name is refused (a usage error), not the option
        assertThat(run.err()).contains("\"nothing\" is not a benchmark; use one of knowledge,")
                .doesNotContain("Unknown option");
    }

    @Test
    void aDryRunDoesNotPushTheWorkspaceToTheTopOfOpenRecent() {
        String first = tmp.resolve("first").toString();
        String second = tmp.resolve("second").toString();
        assertEquals(0, DemoCommandTest.run("demo", first).code());
        assertEquals(0, DemoCommandTest.run("demo", second).code());
        assertEquals(0, DemoCommandTest.run("proposals", "list", "--workspace", first).code());
        DemoCommandTest.Run dry = DemoCommandTest.run("sync", "--dry-run", "--no-embeddings", "--workspace", second);
        assertEquals(0, dry.code(), dry.err());
        assertEquals(Path.of(first), new RecentWorkspaces(AppDirs.fromEnvironment()).last().orElseThrow());
    }

    @Test
    void countsOfOneAreSingular() {
        assertEquals("1 proposal", Plural.of(1, "proposal"));
        assertEquals("2 entries", Plural.of(2, "entry"));
        assertEquals("0 runs", Plural.of(0, "run"));
    }
}
