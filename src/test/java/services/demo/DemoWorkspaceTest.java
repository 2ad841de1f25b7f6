package services.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.workspace.Workspace;
import services.workspace.WorkspaceException;
import testsupport.Fixtures;

class DemoWorkspaceTest {

    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-01T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path tmp;

    @Test
    void writesAWorkspaceThatOpensWithoutProblems() throws Exception {
        DemoWorkspace.Summary summary = testsupport.Fixtures.demoWriter(CLOCK).write(tmp.resolve("demo"));
        assertThat(summary.adrs()).isGreaterThanOrEqualTo(40);
        try (Stream<Path> adrFiles = Files.list(summary.dir().resolve("vault/docs/decisions"))) {
            // every numbered file but the three malformed ones (0090, 0094, 0099) is an ADR the sync indexes
            assertEquals(adrFiles.filter(f -> f.getFileName().toString().matches("\\d{4}-.*\\.md")).count() - 3,
                    summary.adrs(), "the summary counts the duplicate-number ADR too");
        }
        assertEquals(12, summary.skills());
        assertEquals(10, summary.loops());
        Workspace ws = Fixtures.loader().load(summary.dir());
        assertThat(ws.problems()).isEmpty();
        try (Stream<Path> retros = Files.list(ws.retrosDir()); Stream<Path> notes = Files.list(ws.brainNotesDir())) {
            assertEquals(11, retros.count(), "10 loops and one malformed retro");
            assertEquals(10, notes.count());
        }
        assertThat(Files.readString(ws.adrDir().resolve("0199-close-the-loop.md"))).startsWith("ADR-0199accepted\n");
        assertThat(Files.readString(ws.skillsDir().resolve("agent-loop/SKILL.md"))).contains("description: >-\n");
        assertThat(ws.skillsDir().resolve("notes-draft/SKILL.md")).doesNotExist();
    }

    @Test
    void everyAdrEraIsPresent() throws Exception {
        Path dir = testsupport.Fixtures.demoWriter(CLOCK).write(tmp.resolve("demo")).dir();
        Path adrs = dir.resolve("vault/docs/decisions");
        assertThat(Files.readString(adrs.resolve("0003-inngest-durable-workflows.md"))).contains("tags: [inngest, workflows]");
        assertThat(Files.readString(adrs.resolve("0008-post-loop-retrospective.md"))).contains("tags:\n  - loop\n");
        assertThat(Files.readString(adrs.resolve("0001-record-architecture-decisions.md"))).contains("\nStatus: accepted\n");
        assertThat(Files.readString(adrs.resolve("0096-recall-budget-profiles.md"))).contains("priority-score: ");
    }

    @Test
    void isDeterministicForAGivenClock() throws Exception {
        Path a = testsupport.Fixtures.demoWriter(CLOCK).write(tmp.resolve("a")).dir();
        Path b = testsupport.Fixtures.demoWriter(CLOCK).write(tmp.resolve("b")).dir();
        try (Stream<Path> files = Files.list(a.resolve("vault/system/retrospectives"))) {
            for (Path file : files.toList()) {
                assertEquals(Files.readString(file), Files.readString(b.resolve("vault/system/retrospectives")
                        .resolve(file.getFileName())));
            }
        }
    }

    @Test
    void refusesAFolderWithOtherFilesButRewritesAnEarlierDemo() throws Exception {
        Path busy = Files.createDirectories(tmp.resolve("busy"));
        Files.writeString(busy.resolve("thesis.md"), "mine");
        WorkspaceException e = assertThrows(WorkspaceException.class, () -> testsupport.Fixtures.demoWriter(CLOCK).write(busy));
        assertThat(e.getMessage()).contains(busy.toString()).contains("is not empty");
        assertEquals("mine", Files.readString(busy.resolve("thesis.md")));

        Path demo = testsupport.Fixtures.demoWriter(CLOCK).write(tmp.resolve("demo")).dir();
        testsupport.Fixtures.demoWriter(CLOCK).write(demo);
        assertThat(demo.resolve(DemoWorkspace.MARKER)).exists();
    }

    @Test
    void aRefreshNeverDeletesFilesTheDemoDidNotWriteNorAForgedMarkersFolder() throws Exception {
        Path demo = testsupport.Fixtures.demoWriter(CLOCK).write(tmp.resolve("demo")).dir();
        // Used: the console's state, events and git objects change; refreshing is still fine.
        Files.writeString(Files.createDirectories(demo.resolve("state")).resolve("decisions.jsonl"), "{}\n");
        Files.writeString(Files.createDirectories(demo.resolve("spool/otel")).resolve("extra.jsonl"), "{}\n");
        testsupport.Fixtures.demoWriter(CLOCK).write(demo);

        // The user's own files inside an earlier demo: refused, nothing deleted.
        Path mine = Files.writeString(demo.resolve("vault/my-notes.md"), "mine");
        Path adr;
        try (Stream<Path> adrs = Files.list(demo.resolve("vault/docs/decisions"))) {
            adr = adrs.sorted().findFirst().orElseThrow();
        }
        String adrText = Files.readString(adr);
        WorkspaceException foreign = assertThrows(WorkspaceException.class, () -> testsupport.Fixtures.demoWriter(CLOCK).write(demo));
        assertThat(foreign.getMessage()).contains("vault/my-notes.md").contains("Nothing was deleted");
        assertEquals("mine", Files.readString(mine));
        assertEquals(adrText, Files.readString(adr));
        Files.delete(mine);

        // A demo file edited by hand: refused too.
        Files.writeString(adr, adrText + "\nMy own addition.\n");
        assertThat(assertThrows(WorkspaceException.class, () -> testsupport.Fixtures.demoWriter(CLOCK).write(demo)).getMessage())
                .contains("demo files changed since").contains(demo.relativize(adr).toString());
        assertThat(Files.readString(adr)).endsWith("My own addition.\n");

        // A marker an agent dropped into a user's folder (no manifest, or one naming other files): nothing deleted.
        Path home = Files.createDirectories(tmp.resolve("home"));
        Files.writeString(home.resolve("thesis.md"), "years of work");
        Files.writeString(home.resolve(DemoWorkspace.MARKER), "Written by 'brain-console demo'.\n");
        assertThat(assertThrows(WorkspaceException.class, () -> testsupport.Fixtures.demoWriter(CLOCK).write(home)).getMessage())
                .contains("lists no files");
        Files.writeString(home.resolve(DemoWorkspace.MARKER), "Written by 'brain-console demo'. Safe to delete with its "
                + "folder. Files:\n" + "0".repeat(64) + "  thesis.md\n");
        assertThrows(WorkspaceException.class, () -> testsupport.Fixtures.demoWriter(CLOCK).write(home));
        assertEquals("years of work", Files.readString(home.resolve("thesis.md")));
    }
}
