package services.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.ProgressSink;
import services.vault.RetroCounts;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RealShapes;
import testsupport.RealShapes.Story;

/**
 * A sync over a Vault and skills repo shaped like the real ones (running-system.md parts 1–3): retros from the
 * real template, bold ADR metadata, duplicate ADR numbers, dangling skill symlinks.
 */
class RunningShapesSyncTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private LuceneKnowledgeIndex index;
    private VaultSync sync;

    @BeforeEach
    void setUp() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("ws"));
        Files.writeString(dir.resolve("workspace.json"), "{\"name\": \"real\", \"vault\": \"vault\", "
                + "\"skillsRepo\": \"repo\", \"behaviourRepo\": \"behaviour\"}");
        Files.createDirectories(dir.resolve("vault/docs/decisions"));
        Files.createDirectories(dir.resolve("vault/system/retrospectives"));
        Files.createDirectories(dir.resolve("repo/skills"));
        ws = Fixtures.loader().load(dir);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        sync = new VaultSync(ws, index, Fixtures.CLOCK);
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    private SyncResult run() {
        return sync.run(SyncOptions.all(), ProgressSink.NONE);
    }

    private void adr(String name, String text) throws Exception {
        Files.writeString(ws.adrDir().resolve(name), text);
    }

    @Test
    void aRealRetroGivesItsFailedTargetItsPatternsAndItsCounts() throws Exception {
        Files.writeString(ws.retrosDir().resolve("loop-mwx1abc-q7r8s9.md"), RealShapes.retro("loop-mwx1abc-q7r8s9",
                "joelclaw", "2026-10-30T10:00:00.000Z", List.of(
                        new Story("S1", "Add keys", true, false, 1, "codex"),
                        new Story("S2", "Filter by a | b in Typesense", false, false, 3, "claude"),
                        new Story("S3", "Skip | me", false, true, 2, "pi")),
                "## Codebase Patterns\n- Inngest steps are named verb-noun and carry an idempotency key.",
                "- S2 failed because the filter had an unescaped pipe in it."));
        Files.writeString(ws.retrosDir().resolve("loop-mwx2def-none00.md"), RealShapes.retro("loop-mwx2def-none00",
                "joelclaw", "2026-10-31T10:00:00.000Z", List.of(new Story("S1", "One", true, false, 1, "codex")), "",
                null));
        SyncResult result = run();
        assertThat(result.errors()).isEmpty();

        KnowledgeDoc failed = index.get("failed_target:loop-mwx1abc-q7r8s9:S2").orElseThrow();
        assertEquals("Failed: Filter by a | b in Typesense", failed.title());
        assertEquals("Story S2 failed after 3 attempt(s) with claude. Loop: loop-mwx1abc-q7r8s9, Project: joelclaw",
                failed.content());
        assertTrue(index.get("failed_target:loop-mwx1abc-q7r8s9:S3").isEmpty(), "a skipped story is no failed target");
        assertThat(index.get("pattern:loop-mwx1abc-q7r8s9").orElseThrow().content())
                .isEqualTo("- Inngest steps are named verb-noun and carry an idempotency key.");
        assertTrue(index.get("pattern:loop-mwx2def-none00").isEmpty(), "'No codebase patterns found' is no pattern");

        KnowledgeDoc retro = index.get("retro:loop-mwx1abc-q7r8s9").orElseThrow();
        assertEquals("Retrospective loop-mwx1abc-q7r8s9 (joelclaw) — 1 passed, 1 failed, 1 skipped", retro.title());
        assertEquals(new RetroCounts(1, 1, 1, RetroCounts.TITLE), RetroCounts.ofIndexed(retro.title(), retro.content()));
    }

    @Test
    void filesReadByAnOlderReaderAreReadAgainAndTheJunkTheyGaveIsDeleted() throws Exception {
        String loop = "loop-mwx2def-none00";
        Files.writeString(ws.retrosDir().resolve(loop + ".md"), RealShapes.retro(loop, "joelclaw",
                "2026-10-31T10:00:00.000Z", List.of(new Story("S1", "One", true, false, 1, "codex")), "", null));
        run();
        // as the previous reader left it: a pattern document made of the "none found" sentence, no reader version
        Path statePath = ws.stateDir().resolve("sync-state.json");
        ObjectMapper json = new ObjectMapper();
        ObjectNode state = (ObjectNode)
                json.readTree(statePath.toFile());
        state.remove("readerVersion");
        ((ArrayNode) state.get("files")
                .get("vault:system/retrospectives/" + loop + ".md").get("ids")).add("pattern:" + loop);
        json.writeValue(statePath.toFile(), state);
        index.upsert(List.of(new KnowledgeDoc("pattern:" + loop, "pattern", "Codebase patterns from loop " + loop,
                "No codebase patterns found in Redis progress context.", "vault:system/retrospectives/" + loop + ".md",
                "joelclaw", loop, null, null, List.of("pattern", "loop"), 1L, null)));

        SyncResult again = run();
        assertEquals(1, again.deleted());
        assertTrue(index.get("pattern:" + loop).isEmpty());
        assertEquals(SyncState.READER_VERSION, json.readTree(statePath.toFile()).get("readerVersion").asInt());
        assertEquals(0, run().indexed(), "then unchanged files are skipped again");
    }

    @Test
    void boldMetadataGivesStatusAndTagsAndNoStatusIsUnknownAsUpstreamWritesIt() throws Exception {
        adr("0160-telegram-streaming-ux.md", "# ADR-0160: Telegram Streaming UX\n\n**Status:** Accepted  \n"
                + "**Date:** 2026-02-27  \n**Tags:** #gateway #telegram #ux #streaming\n\n## Context\n\nText.\n");
        adr("0108-nextjs-audit.md", "# ADR-0108: Next.js Audit\n\n- **Status**: shipped\n- **Date**: 2026-02-22\n\n## Context\n");
        adr("0012-old.md", "---\nstatus: superseded by 0033\n---\n# Old\n");
        adr("0013-none.md", "# No status at all\n\nJust text.\n");
        SyncResult result = run();
        assertThat(result.warnings()).isEmpty();
        KnowledgeDoc bold = index.get("adr:0160").orElseThrow();
        assertEquals("accepted", bold.status());
        assertEquals(List.of("adr", "gateway", "telegram", "ux", "streaming"), bold.tags());
        assertEquals("shipped", index.get("adr:0108").orElseThrow().status());
        KnowledgeDoc old = index.get("adr:0012").orElseThrow();
        assertEquals("superseded", old.status());
        assertThat(old.tags()).contains("superseded-by:0033");
        assertEquals("unknown", index.get("adr:0013").orElseThrow().status());
    }

    @Test
    void duplicateNumbersAreBothFindableAndTheChoiceNeverFlips() throws Exception {
        adr("0088-nas-backed-storage-tiering.md", "---\nstatus: proposed\n---\n# NAS-backed storage tiering\n");
        adr("0088-joelclaw-design-system-responsive-layout.md", "---\nstatus: shipped\n---\n# Design system\n");
        SyncResult first = run();
        assertThat(first.errors()).isEmpty();
        assertThat(first.warnings()).extracting(FileIssue::reason).containsExactly("duplicate ADR number 0088 (also used"
                + " by docs/decisions/0088-joelclaw-design-system-responsive-layout.md, which keeps adr:0088): indexed as "
                + "adr:0088:nas-backed-storage-tiering");
        Map<String, String> ids = adrTitles();
        assertEquals(Map.of("adr:0088", "Design system", "adr:0088:nas-backed-storage-tiering",
                "NAS-backed storage tiering"), ids);

        adr("0088-nas-backed-storage-tiering.md", "---\nstatus: accepted\n---\n# NAS-backed storage tiering v2\n");
        run();
        index.recreate(); // a rebuilt index (full sync) chooses the same
        run();
        assertEquals(Map.of("adr:0088", "Design system", "adr:0088:nas-backed-storage-tiering",
                "NAS-backed storage tiering v2"), adrTitles());

        Files.delete(ws.adrDir().resolve("0088-joelclaw-design-system-responsive-layout.md"));
        run();
        assertEquals(Map.of("adr:0088", "NAS-backed storage tiering v2"), adrTitles(),
                "alone again, the file takes its plain number back");
    }

    private Map<String, String> adrTitles() {
        return index.search(KnowledgeQuery.text("", 100).withFilters(Map.of("type", List.of("adr"))))
                .hits().stream().map(h -> h.doc()).collect(Collectors.toMap(KnowledgeDoc::id, KnowledgeDoc::title));
    }

    @Test
    void danglingSkillSymlinksAreReportedEachAndSkillsCarryTheRunningWritersSource() throws Exception {
        Path skills = ws.skillsDir();
        Files.createDirectories(skills.resolve("agent-loop"));
        Files.writeString(skills.resolve("agent-loop/SKILL.md"), "---\nname: agent-loop\ndescription: Run a loop.\n---\nBody\n");
        Files.createSymbolicLink(skills.resolve("axiom-investigation"),
                Path.of("/Users/joel/Code/skillrecordings/support/skills/axiom-investigation"));
        Files.createDirectories(skills.resolve("joels-inbox"));
        Files.createSymbolicLink(skills.resolve("joels-inbox/SKILL.md"),
                Path.of("/Users/joel/Code/joelhooks/dark-wizard/skills/joels-inbox/SKILL.md"));
        Path elsewhere = Files.createDirectories(tmp.resolve("other-repo/skills/effect-ts"));
        Files.writeString(elsewhere.resolve("SKILL.md"), "---\ndescription: Effect.\n---\nBody\n");
        Files.createSymbolicLink(skills.resolve("effect-ts"), elsewhere);

        SyncResult result = run();
        assertThat(result.errors()).containsExactlyInAnyOrder(
                new FileIssue("skills/axiom-investigation", "symlink to /Users/joel/Code/skillrecordings/support/skills/"
                        + "axiom-investigation, which does not exist; not indexed"),
                new FileIssue("skills/joels-inbox/SKILL.md", "symlink to /Users/joel/Code/joelhooks/dark-wizard/skills/"
                        + "joels-inbox/SKILL.md, which does not exist; not indexed"));
        assertEquals("skills/agent-loop/SKILL.md", index.get("skill:agent-loop").orElseThrow().source());
        assertTrue(index.get("skill:effect-ts").isPresent(), "a symlink whose folder exists is followed");
        assertEquals(2, run().errors().size(), "reported again at every sync, never skipped silently");
    }
}
