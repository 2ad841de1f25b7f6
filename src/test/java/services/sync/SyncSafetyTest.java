package services.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.audit.DecisionLog;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.notes.TurnEvents;
import services.notes.TurnNoteLog;
import services.notes.TurnNoteRequest;
import services.notes.TurnNotes;
import services.profiles.AgentProfiles;
import services.scheduler.JobRun;
import services.tasks.ProgressSink;
import services.vault.FileText;
import services.vault.VaultFileException;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Untrusted input and wrong settings against the sync (issue #25, points 4, 5 and 9): a vault that is missing, a
 * file, empty or elsewhere deletes nothing and says so; a mass deletion needs consent; special files and links
 * out of the vault are refused by name while the rest lands.
 */
class SyncSafetyTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private LuceneKnowledgeIndex index;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    private VaultSync sync() {
        return new VaultSync(ws, index, Fixtures.CLOCK);
    }

    private void setKey(String key, Object value) throws Exception {
        Path file = ws.dir().resolve("workspace.json");
        ObjectMapper json = new ObjectMapper();
        ObjectNode raw = (ObjectNode) json.readTree(file.toFile());
        raw.set(key, json.valueToTree(value));
        Files.writeString(file, raw.toString());
        ws = Fixtures.loader().load(ws.dir());
    }

    private void writeNote() {
        new TurnNotes(index, new TurnEvents(ws.otelDir(), Fixtures.CLOCK), Fixtures.CLOCK, new TurnNoteLog(ws.stateDir()))
                .write(new TurnNoteRequest("gateway", "pi", null, "s1", 1, null, "kept through everything", null,
                        null, null, null, null, null, null, null, null, null, null));
    }

    private Map<String, String> errors(SyncResult result) {
        return result.errors().stream().collect(Collectors.toMap(FileIssue::path, FileIssue::reason));
    }

    @Test
    void aVaultThatIsMissingAFileEmptyOrElsewhereDeletesNothingAndFailsLoudly() throws Exception {
        sync().run(SyncOptions.all(), ProgressSink.NONE);
        writeNote();
        long before = index.status().documents();
        String state = Files.readString(ws.stateDir().resolve("sync-state.json"));
        Path empty = Files.createDirectories(tmp.resolve("mnt/vault"));
        Path elsewhere = Files.createDirectories(tmp.resolve("home/Vault/notes"));
        Files.writeString(elsewhere.resolve("todo.md"), "# not the vault\n");
        Path aFile = Files.writeString(tmp.resolve("vault.txt"), "x");
        for (String vault : List.of(tmp.resolve("unmounted").toString(), aFile.toString(), empty.toString(),
                elsewhere.getParent().toString())) {
            setKey("vault", vault);
            SyncRefused refused = assertThrows(SyncRefused.class, () -> sync().run(SyncOptions.all(), ProgressSink.NONE),
                    vault);
            assertThat(refused.getMessage()).contains("Nothing was synced or deleted");
            assertEquals(before, index.status().documents(), vault);
            assertThat(index.get("turn:gateway:pi:internal:s1:1")).isPresent();
            assertEquals(state, Files.readString(ws.stateDir().resolve("sync-state.json")), vault);
        }
        setKey("vault", tmp.resolve("unmounted").toString());
        SyncRefused missing = assertThrows(SyncRefused.class, () -> sync().run(SyncOptions.all(), ProgressSink.NONE));
        assertThat(missing.getMessage()).contains("does not exist").contains("'vault'").contains("last sync indexed");
        assertThat(missing.massDelete()).isFalse();
        // The scheduled job refuses too, records why, and never confirms by itself.
        var outcome = new SyncJob(sync(), false).run(JobRun.Trigger.SCHEDULE,
                ProgressSink.NONE);
        assertEquals(JobRun.Status.FAILED, outcome.status());
        assertThat(outcome.summary()).contains("does not exist");
        assertEquals(before, index.status().documents());
    }

    @Test
    void aMissingSkillsRepoThatNeverHeldAnythingIsAWarningAndTheVaultStillSyncs() throws Exception {
        setKey("skillsRepo", tmp.resolve("no-such-repo").toString());
        SyncResult result = sync().run(SyncOptions.all(), ProgressSink.NONE);
        assertThat(result.warnings()).anyMatch(w -> w.reason().contains("does not exist"));
        assertThat(index.countsByType().get("adr")).isGreaterThan(30);
    }

    @Test
    void deletingMoreThanTheAllowedShareOfASourceNeedsConsent() throws Exception {
        sync().run(SyncOptions.all(), ProgressSink.NONE);
        long before = index.status().documents();
        List<Path> adrs;
        try (Stream<Path> files = Files.list(ws.adrDir())) {
            adrs = files.filter(p -> p.getFileName().toString().matches("\\d{4}-.*\\.md")).sorted().toList();
        }
        int gone = (int) Math.ceil(adrs.size() * 0.3);
        for (Path p : adrs.subList(0, gone)) {
            Files.delete(p);
        }
        SyncRefused refused = assertThrows(SyncRefused.class, () -> sync().run(SyncOptions.all(), ProgressSink.NONE));
        assertThat(refused.massDelete()).isTrue();
        assertThat(refused.getMessage()).contains("ADRs: " + gone + " of").contains("--allow-mass-delete")
                .contains(adrs.get(0).getFileName().toString());
        assertEquals(before, index.status().documents());

        setKey("sync", Map.of("maxDeleteShare", 0.5));
        SyncResult allowedByShare = sync().run(SyncOptions.all(), ProgressSink.NONE);
        assertThat(allowedByShare.deleted()).isGreaterThanOrEqualTo(gone - 2);
    }

    @Test
    void consentLetsTheMassDeletionRunAndABadShareIsNamed() throws Exception {
        sync().run(SyncOptions.all(), ProgressSink.NONE);
        try (Stream<Path> dirs = Files.list(ws.skillsDir())) {
            for (Path d : dirs.toList()) {
                try (Stream<Path> walk = Files.walk(d)) {
                    walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
        Files.writeString(Files.createDirectories(ws.skillsDir().resolve("one")).resolve("SKILL.md"),
                "---\nname: one\ndescription: the one left\n---\n# One\n");
        assertThrows(SyncRefused.class, () -> sync().run(SyncOptions.all(), ProgressSink.NONE));
        SyncResult confirmed = sync().run(SyncOptions.all().allowingMassDelete(), ProgressSink.NONE);
        assertThat(confirmed.deleted()).isGreaterThanOrEqualTo(10);
        assertEquals(1L, index.countsByType().get("skill"));

        setKey("sync", Map.of("maxDeleteShare", "lots"));
        var bad = assertThrows(ConsoleException.class,
                () -> sync().run(SyncOptions.all(), ProgressSink.NONE));
        assertThat(bad.getMessage()).contains("sync.maxDeleteShare").contains("from 0 to 1");
    }

    @Test
    void specialFilesAndLinksOutOfTheVaultAreRefusedByNameAndTheRestLands() throws Exception {
        Path adrs = ws.adrDir();
        Files.createSymbolicLink(adrs.resolve("0700-zero.md"), Path.of("/dev/zero"));
        Path fifo = adrs.resolve("0701-pipe.md");
        new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
        Path secret = Files.writeString(tmp.resolve("outside-secret.txt"), "# Secret\nroot:x:0:0\n");
        Files.createSymbolicLink(adrs.resolve("0702-shadow.md"), secret);
        Files.createSymbolicLink(ws.retrosDir().resolve("loop-etc.md"), Path.of("/etc/hostname"));
        Files.writeString(adrs.resolve("0703-fine.md"), "# ADR-0703: Fine\n\nStatus: accepted\n\nStill indexed.\n");
        Path other = Files.createDirectories(tmp.resolve("other-repo/skills/linked"));
        Files.writeString(other.resolve("SKILL.md"), "---\nname: linked\ndescription: from another repo\n---\n# L\n");
        Files.createSymbolicLink(ws.skillsDir().resolve("linked"), other);
        Files.createDirectories(ws.skillsDir().resolve("passwd"));
        Files.createSymbolicLink(ws.skillsDir().resolve("passwd/SKILL.md"), secret);

        SyncResult result = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> sync().run(SyncOptions.all(), ProgressSink.NONE));
        Map<String, String> errors = errors(result);
        assertThat(errors.get("docs/decisions/0700-zero.md")).contains("not a regular file (a character device)");
        assertThat(errors.get("docs/decisions/0701-pipe.md")).contains("not a regular file (a named pipe (FIFO))");
        assertThat(errors.get("docs/decisions/0702-shadow.md")).contains("symbolic link to").contains("outside");
        assertThat(errors.get("system/retrospectives/loop-etc.md")).contains("outside");
        assertThat(errors.get("skills/passwd/SKILL.md")).contains("outside");
        assertThat(index.get("adr:0703")).isPresent();
        assertThat(index.get("skill:linked")).isPresent();
        assertThat(index.search(KnowledgeQuery.text("root", 10)).hits())
                .noneMatch(h -> h.doc().content().contains("root:x"));
        // The same again: still no hang, no memory blow-up.
        SyncResult again = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> sync().run(SyncOptions.all(), ProgressSink.NONE));
        assertThat(errors(again)).containsKeys("docs/decisions/0700-zero.md", "docs/decisions/0701-pipe.md");
    }

    @Test
    void aDreamLogThatIsADeviceOrAPipeIsRefusedWithoutHanging() throws Exception {
        Path log = ws.dreamDir().resolve("log.jsonl");
        Files.delete(log);
        Files.createSymbolicLink(log, Path.of("/dev/zero"));
        var zero = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(
                ConsoleException.class, () -> new DecisionLog(log).read()));
        assertThat(zero.getMessage()).contains(log.toString()).containsAnyOf("not a regular file", "symbolic link");
        Files.delete(log);
        new ProcessBuilder("mkfifo", log.toString()).start().waitFor();
        var pipe = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(
                ConsoleException.class, () -> new DecisionLog(log).read()));
        assertThat(pipe.getMessage()).containsAnyOf("named pipe", "a pipe");
    }

    @Test
    void aFileThatGrowsPastTheLimitWhileReadIsStoppedAtTheLimit() throws Exception {
        Path big = Files.write(tmp.resolve("big.md"), new byte[4096]);
        var e = assertThrows(VaultFileException.class,
                () -> FileText.read(big, 1024));
        assertThat(e.reason()).contains("too large");
        // /dev/zero reports size 0: the bound while reading is what stops it (here through bounded()).
        var zero = assertThrows(IOException.class, () -> FileText.bounded(Path.of("/dev/zero"), 1024));
        assertThat(zero.getMessage()).contains("not a regular file");
    }

    @Test
    void agentLessonsAndJournalsThatAreDevicesOrPipesAreRefusedWithoutHanging() throws Exception {
        Path lessons = ws.profilesDir().resolve("dev-qwen/.profile/knowledge/lessons-learned.md");
        Files.delete(lessons);
        Files.createSymbolicLink(lessons, Path.of("/dev/zero"));
        var e = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(ConsoleException.class,
                () -> new AgentProfiles().list(ws.profilesDir())));
        assertThat(e.getMessage()).contains("not a regular file");
    }
}
