package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's face of issue #25's sync half: terminal escapes from files are printed harmless, a missing
 * vault or a mass deletion is refused with a non-zero exit, and a damaged index is rebuilt with its turn notes.
 */
class SyncSafetyCommandTest {

    @TempDir
    Path tmp;

    private Path ws;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void demo() {
        ws = tmp.resolve("ws");
        assertEquals(0, run("demo", ws.toString()).code());
    }

    private DemoCommandTest.Run sync(String... more) {
        List<String> args = new ArrayList<>(List.of("sync", "--no-embeddings", "--workspace", ws.toString()));
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new));
    }

    @Test
    void controlCharactersFromFilesArePrintedEscaped() throws Exception {
        Files.writeString(ws.resolve("vault/docs/decisions/0900-escape.md"), "# ADR-0900: Escapes\n\nStatus: "
                + "\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202Eevil\n\nBody.\n");
        Files.write(ws.resolve("vault/docs/decisions/0901-bad\u001b[31m.md"), new byte[] {'#', ' ', 0});
        DemoCommandTest.Run text = sync();
        assertEquals(0, text.code(), text.err());
        assertThat(text.out()).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u009b")
                .doesNotContain("\u202E").contains("\\x1B]0;pwned\\x07").contains("\\x9B31m").contains("\\u202E")
                .contains("0901-bad\\x1B[31m.md");
        Files.writeString(ws.resolve("vault/docs/decisions/0900-escape.md"), "# ADR-0900: Escapes again\n\nStatus: "
                + "\u009b31m\u001b[1m\n");
        DemoCommandTest.Run asJson = sync("--json");
        assertThat(asJson.out()).doesNotContain("\u001b").doesNotContain("\u009b").contains("\\u009b");
        json.readTree(asJson.out()); // still one valid JSON document
    }

    @Test
    void aMissingVaultOrAMassDeletionExitsNonZeroAndDeletesNothingUntilAllowed() throws Exception {
        assertEquals(0, sync().code());
        Path workspaceJson = ws.resolve("workspace.json");
        String original = Files.readString(workspaceJson);
        Files.writeString(workspaceJson, original.replace("\"vault\": \"vault\"", "\"vault\": \"/mnt/unmounted-share\""));
        DemoCommandTest.Run missing = sync();
        assertEquals(1, missing.code());
        assertThat(missing.err()).contains("/mnt/unmounted-share does not exist").contains("Nothing was synced or deleted");
        Files.writeString(workspaceJson, original);

        try (Stream<Path> adrs = Files.list(ws.resolve("vault/docs/decisions"))) {
            adrs.sorted().limit(20).forEach(p -> p.toFile().delete());
        }
        DemoCommandTest.Run refused = sync();
        assertEquals(1, refused.code());
        assertThat(refused.err()).contains("--allow-mass-delete");
        DemoCommandTest.Run allowed = sync("--allow-mass-delete", "--json");
        assertEquals(0, allowed.code(), allowed.err());
        assertThat(json.readTree(allowed.out()).get("deleted").asInt()).isGreaterThanOrEqualTo(15);
    }

    @Test
    void aDamagedIndexIsExplainedAndSyncRebuildBringsBackTheTurnNotes() throws Exception {
        assertEquals(0, sync().code());
        DemoCommandTest.Run note = run("note", "--workspace", ws.toString(), "--source", "gateway", "--agent", "pi",
                "--session", "s9", "--turn", "3", "--summary", "Remember the rebuild.");
        assertEquals(0, note.code(), note.err());
        assertThat(ws.resolve("state/turn-notes.jsonl")).exists();
        try (Stream<Path> files = Files.list(ws.resolve("state/index"))) {
            Path segments = files.filter(p -> p.getFileName().toString().startsWith("segments_")).findFirst().orElseThrow();
            Files.write(segments, new byte[] {1, 2, 3});
        }
        DemoCommandTest.Run broken = sync();
        assertEquals(1, broken.code());
        assertThat(broken.err()).contains("is damaged").contains("sync --rebuild").doesNotContain("Exception:");

        DemoCommandTest.Run rebuilt = sync("--rebuild");
        assertEquals(0, rebuilt.code(), rebuilt.err());
        assertThat(rebuilt.out()).contains("Rebuilt the index");
        try (Stream<Path> state = Files.list(ws.resolve("state"))) {
            assertThat(state.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("index.damaged-"));
        }
        JsonNode found = json.readTree(run("search", "Remember the rebuild", "--type", "turn_note", "--workspace",
                ws.toString(), "--json").out());
        assertThat(found.get("hits").findValuesAsText("id")).contains("turn:gateway:pi:internal:s9:3");
    }

    @Test
    void theSchedulerEndsOnTimeWithAVaultOfSpecialFilesAndLeavesAStuckJobBehind() throws Exception {
        Path adrs = ws.resolve("vault/docs/decisions");
        new ProcessBuilder("mkfifo", adrs.resolve("0950-pipe.md").toString()).start().waitFor();
        Files.createSymbolicLink(adrs.resolve("0951-zero.md"), Path.of("/dev/zero"));
        long started = System.nanoTime();
        DemoCommandTest.Run s = run("scheduler", "--workspace", ws.toString(), "--for", "300ms", "--tick", "50",
                "--run-now", "sync", "--json");
        assertEquals(0, s.code(), s.err());
        assertThat((System.nanoTime() - started) / 1_000_000_000).isLessThan(120);
        assertThat(json.readTree(s.out()).get("runs").findValuesAsText("job")).contains("sync");

        // A job stuck where no cancellation check reaches it: cancelled, then left behind, on time.
        AtomicLong lastSign = new AtomicLong(System.nanoTime());
        Thread stuck = new Thread(() -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        stuck.setDaemon(true);
        stuck.start();
        List<String> messages = new CopyOnWriteArrayList<>();
        long before = System.nanoTime();
        boolean finished = SchedulerCommand.awaitWorker(stuck, lastSign, 300, () -> { }, messages::add);
        assertThat(finished).isFalse();
        assertThat((System.nanoTime() - before) / 1_000_000).isLessThan(8_000);
        assertThat(messages).anyMatch(m -> m.contains("made no progress")).anyMatch(m -> m.contains("without it"));
        stuck.interrupt();
    }
}
