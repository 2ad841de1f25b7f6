package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import app.compose.AppContext;
import app.warm.WarmClient;
import app.warm.WarmOwner;
import app.warm.WarmProtocol;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import services.knowledge.KnowledgeIndex;
import services.tasks.SynchronousTaskRunner;
import services.workspace.AppDirs;
import services.workspace.Workspace;

/**
 * A console that owns a workspace answers the command line's read commands: what the client prints is what the
 * command prints when it runs itself (cold), byte for byte and with the same exit code; writes never go through.
 */
class WarmCommandsTest {

    @TempDir
    static Path tmp;

    private static String ws;
    private static AppContext app;
    private static KnowledgeIndex index;
    private static WarmOwner owner;

    record Printed(OptionalInt code, String out, String err) {
    }

    @BeforeAll
    static void owner() {
        ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        assertEquals(0, run("sync", "--workspace", ws).code());
        app = new AppContext(AppDirs.fromEnvironment(), Clock.systemDefaultZone(), new SynchronousTaskRunner());
        Workspace workspace = app.loader().load(Path.of(ws));
        index = app.open(workspace).index();
        owner = WarmOwner.start(workspace.dir(), new WarmCommands(app, workspace, index, System.getenv()));
        assertNotNull(owner);
    }

    @AfterAll
    static void close() {
        owner.close();
        index.close();
    }

    static Printed warm(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        OptionalInt code = WarmClient.answer(args, new PrintStream(out, true), new PrintStream(err, true));
        return new Printed(code, out.toString(Charset.defaultCharset()), err.toString(Charset.defaultCharset()));
    }

    static Stream<Arguments> readCommands() {
        return Stream.of(
                Arguments.of(List.of("search", "retry")),
                Arguments.of(List.of("search", "idempotency", "--type", "lesson", "--json")),
                Arguments.of(List.of("search", "why do we commit approved skill changes", "--budget", "balanced")),
                Arguments.of(List.of("search", "why do we commit approved skill changes", "--budget", "balanced", "--json")),
                Arguments.of(List.of("search", "the agent forgets what it learned", "--budget", "deep", "--mode", "keyword")),
                Arguments.of(List.of("search", "flaky tests", "--mode", "hybrid", "--limit", "3", "--json")),
                Arguments.of(List.of("search", "Add idempotency keys", "--budget", "implementor", "--project", "joelclaw")),
                Arguments.of(List.of("failed", "list")),
                Arguments.of(List.of("failed", "list", "--json")),
                Arguments.of(List.of("failed", "list", "--project", "joelclaw")));
    }

    /** A bad option value is a usage error (exit 2), which the command says in its own process, never the owner. */
    @Test
    void aUsageErrorIsLeftToTheCommandItself() {
        String[] args = {"search", "--workspace", ws, "x", "--budget", "enormous"};
        assertEquals(2, run(args).code());
        assertTrue(warm(args).code().isEmpty(), "not answered by the owner");
    }

    @ParameterizedTest
    @MethodSource("readCommands")
    void theOwnerPrintsWhatTheCommandPrintsItself(List<String> command) {
        List<String> args = new ArrayList<>(command);
        args.add(1 + (command.get(0).equals("failed") ? 1 : 0), "--workspace");
        args.add(2 + (command.get(0).equals("failed") ? 1 : 0), ws);
        DemoCommandTest.Run cold = run(args.toArray(String[]::new));
        Printed warm = warm(args.toArray(String[]::new));
        assertTrue(warm.code().isPresent(), "answered by the owner");
        assertEquals(cold.code(), warm.code().getAsInt());
        assertEquals(steady(cold.out()), steady(warm.out()));
        assertEquals(steady(cold.err()), steady(warm.err()));
    }

    /** The time a search took is the one figure that differs from run to run. */
    private static String steady(String text) {
        return text.replaceAll("\\(\\d+(\\.\\d+)? ms\\)", "(t ms)").replaceAll("\"tookMicros\" : \\d+", "\"tookMicros\" : t");
    }

    @Test
    void aWriteCommittedJustBeforeByAnotherClientIsInTheWarmAnswer() {
        DemoCommandTest.Run note = run("note", "--source", "cli", "--agent", "tester", "--session", "s-warm", "--turn", "1",
                "--summary", "Zebracorn caching decision: keep the cache per workspace", "--workspace", ws);
        assertEquals(0, note.code(), note.err());
        Printed warm = warm("search", "zebracorn", "--workspace", ws, "--json");
        assertEquals(OptionalInt.of(0), warm.code());
        assertThat(warm.out()).contains("\"total\" : 1");
    }

    @Test
    void aRelativeWorkspaceFolderIsTheClientsAndTheOptionMayComeAnywhere() {
        Printed warm = warm("search", "retry", "--json", "--workspace=" + ws);
        assertEquals(OptionalInt.of(0), warm.code());
        assertThat(warm.out()).contains("\"query\" : \"retry\"");
    }

    @Test
    void writesHelpAndUsageErrorsAreLeftToTheCommandItself() {
        assertTrue(warm("failed", "clear", "joelclaw/S2", "--reason", "r", "--workspace", ws).code().isEmpty());
        assertTrue(warm("failed", "prune", "--workspace", ws).code().isEmpty());
        assertTrue(warm("failed", "copy-to-redis", "--workspace", ws).code().isEmpty());
        assertTrue(warm("sync", "--workspace", ws).code().isEmpty());
        assertTrue(warm("note", "--workspace", ws).code().isEmpty());
        assertTrue(warm("search", "--help", "--workspace", ws).code().isEmpty());
        assertTrue(warm("search", "--workspace", ws, "--nonsense", "x").code().isEmpty()); // exit 2: picocli here
        assertTrue(warm("search", "x", "--workspace", ws, "--workspace", ws).code().isEmpty());
    }

    @Test
    void theOwnerDeclinesWritesSentStraightToItsSocket() {
        WarmCommands commands = new WarmCommands(app, app.loader().load(Path.of(ws)), index, System.getenv());
        for (List<String> write : List.of(List.of("sync"), List.of("failed", "clear", "joelclaw/S2", "--reason", "r"),
                List.of("note", "x"), List.of("proposals", "approve", "p"), List.of("failed"))) {
            WarmProtocol.Answer answer = commands.apply(new WarmProtocol.Request(ws, app.dirs().config().toString(),
                    app.dirs().data().toString(), System.getenv(), write));
            assertThat(answer.answered()).as(write.toString()).isFalse();
        }
    }

    @Test
    void anotherUsersFoldersOrEnvironmentAreDeclined() {
        WarmCommands commands = new WarmCommands(app, app.loader().load(Path.of(ws)), index, System.getenv());
        List<String> search = List.of("search", "retry");
        assertThat(commands.apply(new WarmProtocol.Request(ws, "/elsewhere/config", app.dirs().data().toString(),
                System.getenv(), search)).answered()).isFalse();
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("OTEL_EXPORTER_OTLP_ENDPOINT", "http://other:4318");
        assertThat(commands.apply(new WarmProtocol.Request(ws, app.dirs().config().toString(),
                app.dirs().data().toString(), env, search)).answered()).isFalse();
        assertThat(commands.apply(new WarmProtocol.Request(ws, app.dirs().config().toString(),
                app.dirs().data().toString(), System.getenv(), search)).answered()).isTrue();
    }

    @Test
    void theSocketIsTheUsersAlone() throws Exception {
        Path socket = WarmProtocol.socket(Path.of(ws));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));
        assertEquals("rwx------", PosixFilePermissions.toString(
                Files.getPosixFilePermissions(socket.getParent())));
    }
}
