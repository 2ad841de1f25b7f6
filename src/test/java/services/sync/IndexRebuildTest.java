package services.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeIndexCorrupt;
import services.knowledge.LuceneKnowledgeIndex;
import services.notes.TurnEvents;
import services.notes.TurnNoteLog;
import services.notes.TurnNoteRequest;
import services.notes.TurnNotes;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Issue #25 point 8: a damaged index is named with the command that rebuilds it, and the rebuild (index moved
 * aside, everything read again) brings the turn notes back from their durable log.
 */
class IndexRebuildTest {

    @TempDir
    Path tmp;

    private static TurnNoteRequest note(int turn, String summary) {
        return new TurnNoteRequest("gateway", "pi", "telegram", "s1", turn, null, summary, null, null, null, null, null,
                null, null, null, null, null, null);
    }

    private long indexed(Workspace ws) {
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            TurnNotes notes = new TurnNotes(index, new TurnEvents(ws.otelDir(), Fixtures.CLOCK), Fixtures.CLOCK,
                    new TurnNoteLog(ws.stateDir()));
            notes.write(note(1, "first"));
            notes.write(note(2, "second"));
            notes.write(note(2, "second, amended")); // a later write of the same turn wins
            return index.status().documents();
        }
    }

    @Test
    void aDamagedIndexIsNamedAndARebuildBringsEverythingBackTurnNotesIncluded() throws Exception {
        for (String damage : List.of("truncated segments file", "missing segment file", "garbage segment header")) {
            Workspace ws = Fixtures.demo(tmp.resolve(damage.replace(' ', '-')));
            long before = indexed(ws);
            damage(ws.indexDir(), damage);

            KnowledgeIndexCorrupt corrupt = assertThrows(KnowledgeIndexCorrupt.class,
                    () -> new LuceneKnowledgeIndex(ws.indexDir(), 384).close(), damage);
            assertThat(corrupt.getMessage()).contains(ws.indexDir().toString()).contains("is damaged")
                    .contains("sync --rebuild");

            VaultSync.check(ws, SyncOptions.all());
            Path aside = IndexRebuild.moveAside(ws, Fixtures.CLOCK);
            assertThat(aside).exists().isDirectory();
            try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
                SyncResult result = new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
                assertEquals(before, index.status().documents(), damage);
                assertThat(index.get("turn:gateway:pi:telegram:s1:1")).isPresent();
                assertThat(index.get("turn:gateway:pi:telegram:s1:2").orElseThrow().content()).contains("amended");
                assertThat(result.warnings()).noneMatch(w -> w.path().contains("turn-notes"));
            }
        }
    }

    @Test
    void turnNotesWrittenBeforeTheLogExistedAreCopiedOutOnce() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new TurnNotes(index, new TurnEvents(ws.otelDir(), Fixtures.CLOCK), Fixtures.CLOCK).write(note(7, "old"));
            new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        }
        assertThat(Files.readString(ws.stateDir().resolve(TurnNoteLog.FILE))).contains("turn:gateway:pi:telegram:s1:7");
        IndexRebuild.moveAside(ws, Fixtures.CLOCK);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            assertThat(index.get("turn:gateway:pi:telegram:s1:7")).isPresent();
        }
    }

    @Test
    void aTornLastLineOfTheLogIsNamedAndTheOtherNotesReturn() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        indexed(ws);
        Files.writeString(ws.stateDir().resolve(TurnNoteLog.FILE), "{\"id\":\"turn:x\",\"ty", 
                StandardOpenOption.APPEND);
        IndexRebuild.moveAside(ws, Fixtures.CLOCK);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            SyncResult result = new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            assertThat(result.warnings()).anyMatch(w -> w.path().equals("state/turn-notes.jsonl")
                    && w.reason().contains("line 4"));
            assertThat(index.get("turn:gateway:pi:telegram:s1:1")).isPresent();
        }
    }

    @Test
    void aRebuildTakesItsTurnWhileAnotherConsoleHasTheIndexOpen() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        try (LuceneKnowledgeIndex open = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, open, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            int before = open.ids(Set.of("adr")).size();
            Path aside = IndexRebuild.moveAside(ws, Fixtures.CLOCK); // readers never hold the workspace
            assertThat(aside).isDirectory();
            assertThat(ws.indexDir()).doesNotExist();
            assertThat(open.ids(Set.of("adr"))).hasSize(before); // the open console keeps its snapshot until the rebuild commits
            Thread.sleep(150); // past the reader's refresh interval: it looks for changes, finds the folder gone,
            assertThat(open.ids(Set.of("adr"))).hasSize(before); // and still answers from its snapshot
        }
        try (LuceneKnowledgeIndex rebuilt = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, rebuilt, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            assertThat(rebuilt.ids(Set.of("adr"))).isNotEmpty();
        }
    }

    @Test
    void aRebuildIsRefusedBeforeAnythingMovesWhenTheVaultIsGone() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        }
        try (Stream<Path> walk = Files.walk(ws.vault())) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        assertThrows(SyncRefused.class, () -> VaultSync.check(ws, SyncOptions.all()));
        assertThat(ws.indexDir()).exists();
    }

    private static void damage(Path index, String how) throws Exception {
        List<Path> files;
        try (Stream<Path> list = Files.list(index)) {
            files = list.sorted().toList();
        }
        switch (how) {
            case "truncated segments file" -> {
                Path segments = files.stream().filter(p -> p.getFileName().toString().startsWith("segments_"))
                        .reduce((a, b) -> b).orElseThrow();
                try (RandomAccessFile f = new RandomAccessFile(segments.toFile(), "rw")) {
                    f.setLength(f.length() / 2);
                }
            }
            case "missing segment file" -> Files.delete(files.stream()
                    .filter(p -> p.getFileName().toString().endsWith(".si")).findFirst().orElseThrow());
            default -> {
                Path si = files.stream().filter(p -> p.getFileName().toString().endsWith(".si")).findFirst().orElseThrow();
                byte[] bytes = Files.readAllBytes(si);
                for (int i = 0; i < Math.min(16, bytes.length); i++) {
                    bytes[i] = (byte) 0x5a;
                }
                Files.write(si, bytes);
            }
        }
    }
}
