package services.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import testsupport.RealShapes;
import testsupport.RealShapes.Story;

/** Retros, ADRs and files in the shapes the running system really writes (running-system.md parts 1–3). */
class RunningSystemShapesTest {

    private final RetroParser retros = new RetroParser();
    private final AdrParser adrs = new AdrParser();

    private static final String PATTERNS = """
            ## Codebase Patterns
            - Inngest steps are named verb-noun and carry an idempotency key from the event id.
            - Redis keys are always set with an explicit TTL.""";

    private static final String ANALYSIS = """
            - S2 failed three times: its acceptance criteria named a pipe-separated filter the tests never built.
              - Nested: the reviewer flagged the missing escape on attempt 2 already, and nobody listened.
            • Tool choice mattered: codex passed every small story on the first attempt.
            1. Numbered lines are not lessons even when they are long enough to be.
            - short one""";

    private static String realRetro(String patterns) {
        return RealShapes.retro("loop-mwx1abc-q7r8s9", "joelclaw", "2026-11-20T10:00:00.000Z", List.of(
                new Story("S1", "Add idempotency keys", true, false, 1, "codex"),
                new Story("S2", "Filter by a | b in Typesense", false, false, 3, "claude"),
                new Story("S3", "Pipes | in | many | places", false, true, 2, "pi"),
                new Story("S4", "Write the brain note", true, false, 2, "codex")), patterns, ANALYSIS);
    }

    @Test
    void escapedPipesKeepEveryStoryAndTheFailedOneStaysFailed() {
        RetroParser.Retro retro = retros.parseRetro("x", realRetro(PATTERNS));
        assertThat(realRetro(PATTERNS)).contains("| S2 | Filter by a \\| b in Typesense | fail | 3 | claude |");
        assertEquals(List.of(new RetroParser.Story("S1", "Add idempotency keys", "pass", 1, "codex"),
                new RetroParser.Story("S2", "Filter by a | b in Typesense", "fail", 3, "claude"),
                new RetroParser.Story("S3", "Pipes | in | many | places", "skip", 2, "pi"),
                new RetroParser.Story("S4", "Write the brain note", "pass", 2, "codex")), retro.stories());
        assertEquals(new RetroCounts(2, 1, 1, RetroCounts.FRONTMATTER), RetroCounts.of(retro));
    }

    @Test
    void theDoubledPatternsHeadingGivesThePatterns() {
        RetroParser.Retro retro = retros.parseRetro("x", realRetro(PATTERNS));
        assertThat(realRetro(PATTERNS)).contains("## Codebase Patterns\n## Codebase Patterns\n- Inngest");
        assertThat(retro.patterns()).startsWith("- Inngest steps are named verb-noun").endsWith("explicit TTL.")
                .doesNotContain("##");
    }

    @Test
    void theNoneFoundSentenceIsNoPattern() {
        assertEquals("", retros.parseRetro("x", realRetro("")).patterns());
        assertEquals("", RetroParser.patterns("No codebase patterns found in Redis progress context"));
        assertEquals("", RetroParser.patterns("- tiny"), "as short as the running system skips (≤ 50 with heading)");
    }

    @Test
    void lessonsAreDashAndDotBulletsNestedIncludedNumberedNot() {
        RetroParser.Retro retro = retros.parseRetro("x", realRetro(PATTERNS));
        assertEquals(List.of(
                "S2 failed three times: its acceptance criteria named a pipe-separated filter the tests never built.",
                "Nested: the reviewer flagged the missing escape on attempt 2 already, and nobody listened.",
                "Tool choice mattered: codex passed every small story on the first attempt."), retro.lessons());
    }

    @Test
    void aRetroWithoutReflectionOrStoriesParses() {
        String text = RealShapes.retro("loop-e", "p", "2026-11-20T10:00:00.000Z", List.of(), "", null);
        RetroParser.Retro retro = retros.parseRetro("loop-e", text);
        assertThat(retro.stories()).isEmpty();
        assertThat(retro.lessons()).isEmpty();
        assertEquals(new RetroCounts(0, 0, 0, RetroCounts.FRONTMATTER), RetroCounts.of(retro));
    }

    @Test
    void countsOfIndexedRetrosFromEitherWritersTitleOrTheTable() {
        assertEquals(new RetroCounts(3, 2, 0, RetroCounts.TITLE_NO_SKIPPED),
                RetroCounts.ofIndexed("Loop loop-abc retro — 3 passed, 2 failed", "summary, analysis, no table"));
        assertEquals(new RetroCounts(3, 2, 1, RetroCounts.TITLE),
                RetroCounts.ofIndexed("Loop loop-abc retro — 3 passed, 2 failed, 1 skipped", ""));
        assertEquals(new RetroCounts(1, 1, 0, RetroCounts.TABLE), RetroCounts.ofIndexed("Retrospective loop-abc",
                "| id | title | result | attempts | tool |\n|---|---|---|---|---|\n| S1 | a \\| b | pass | 1 | x |\n"
                        + "| S2 | c | fail | 3 | y |"));
        assertEquals(RetroCounts.UNKNOWN, RetroCounts.ofIndexed("Loop x retro — undefined passed", "").from());
    }

    @Test
    void countsForALoopPreferTheRetroFilesFrontmatter(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("loop-mwx1abc-q7r8s9.md"), realRetro(PATTERNS));
        assertEquals(new RetroCounts(2, 1, 1, RetroCounts.FRONTMATTER), RetroCounts.forLoop(tmp, "loop-mwx1abc-q7r8s9",
                "Loop loop-mwx1abc-q7r8s9 retro — 2 passed, 1 failed", "no table"));
        assertEquals(RetroCounts.TITLE_NO_SKIPPED, RetroCounts.forLoop(tmp, "loop-other",
                "Loop loop-other retro — 2 passed, 1 failed", "").from());
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "**Status:** Accepted  ;accepted",
        "**Status**: proposed  ;proposed",
        "- **Status**: shipped;shipped",
        "* **Status:** in progress;in_progress",
        "**Status**: superseded by 0033;superseded",
        "Status: Superseded by ADR-0114;superseded",
        "- **Status**: Accepted ✅;accepted",
        "__Status:__ deferred;deferred"})
    void boldAndPlainStatusLinesBeforeTheFirstSection(String line, String status) {
        AdrParser.Adr adr = adrs.parse("0160-telegram-streaming-ux.md",
                "# ADR-0160: Telegram Streaming UX\n\n" + line + "\n**Date:** 2026-02-27  \n**Deciders:** Joel, Panda  \n"
                        + "**Tags:** #gateway #telegram #ux #streaming\n\n## Context\n\n- **Status field**: not a key\n");
        assertEquals(status, adr.status());
        assertTrue(adr.statusKnown());
        assertEquals("2026-02-27", adr.date());
        assertEquals(List.of("gateway", "telegram", "ux", "streaming"), adr.tags());
        assertEquals("ADR-0160: Telegram Streaming UX", adr.title());
    }

    @Test
    void theSuccessorOfASupersededAdrIsKept() {
        assertEquals("0033", adrs.parse("0012-x.md", "# T\n\n**Status**: superseded by 0033\n").supersededBy());
        assertEquals("0114", adrs.parse("0012-x.md", "---\nstatus: superseded by ADR-0114\n---\n# T\n").supersededBy());
        AdrParser.Adr byKey = adrs.parse("0012-x.md", "---\nstatus: superseded\nsuperseded-by: \"0151-dream\"\n---\n# T\n");
        assertEquals("superseded", byKey.status());
        assertEquals("0151", byKey.supersededBy());
        assertNull(adrs.parse("0012-x.md", "---\nstatus: accepted\n---\n# T\n").supersededBy());
    }

    @Test
    void aStatusSectionAndATitleFromFrontmatter() {
        assertEquals("proposed", adrs.parse("0086-x.md", "# ADR-0086: Slash\n\n## Status\n\nproposed\n\n## Context\n").status());
        assertEquals("accepted", adrs.parse("0086-x.md", "# T\n\n## Status\n\n**Accepted** (2026-02-20)\n").status());
        AdrParser.Adr noHeading = adrs.parse("0146-inference-cost.md",
                "---\nid: \"0146\"\ntitle: \"Inference Cost Monitoring and Control\"\nstatus: shipped\n---\n\nBody.\n");
        assertEquals("Inference Cost Monitoring and Control", noHeading.title());
    }

    @Test
    void aDanglingSymlinkSaysSoInsteadOfRemovedWhileReading(@TempDir Path tmp) throws Exception {
        Path link = tmp.resolve("SKILL.md");
        Files.createSymbolicLink(link, Path.of("/Users/joel/Code/joelhooks/dark-wizard/skills/joels-inbox/SKILL.md"));
        assertEquals("symlink to /Users/joel/Code/joelhooks/dark-wizard/skills/joels-inbox/SKILL.md, which does not "
                + "exist; not indexed", assertThrows(VaultFileException.class,
                        () -> FileText.read(link, FileText.DEFAULT_LIMIT)).reason());
        assertEquals("file was removed while reading", assertThrows(VaultFileException.class,
                () -> FileText.read(tmp.resolve("gone.md"), FileText.DEFAULT_LIMIT)).reason());
    }
}
