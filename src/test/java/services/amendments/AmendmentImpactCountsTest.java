package services.amendments;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;

/**
 * Amendment impact counts a loop's stories as the brief does: the running system's indexed retros (no story table;
 * counts in the title), the console's (counts in the title from the frontmatter), and old ones with only a table
 * whose escaped pipes do not lose a failed story.
 */
class AmendmentImpactCountsTest {

    @TempDir
    Path tmp;

    private static KnowledgeDoc retro(String loop, String title, String content, Instant at) {
        return new KnowledgeDoc("retro:" + loop, "retro", title, content, "vault:system/retrospectives/" + loop + ".md",
                "joelclaw", loop, null, null, List.of("retro", "loop"), at.getEpochSecond(), null);
    }

    @Test
    void countsFromEitherWritersTitleOrAnEscapedTable() {
        Instant at = Instant.parse("2026-11-10T00:00:00Z");
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(tmp.resolve("index"), 384)) {
            index.upsert(List.of(
                    retro("loop-a", "Loop loop-a retro — 3 passed, 2 failed", "Summary, analysis, narrative.",
                            at.minusSeconds(86_400)),
                    retro("loop-b", "Retrospective loop-b (joelclaw) — 4 passed, 0 failed, 1 skipped", "body",
                            at.plusSeconds(86_400)),
                    retro("loop-c", "Retrospective loop-c (joelclaw)", "| id | title | result | attempts | tool |\n"
                            + "| --- | --- | --- | --- | --- |\n| S1 | a \\| b | fail | 3 | codex |\n| S2 | c | pass | 1 | pi |",
                            at.plusSeconds(2 * 86_400))));
            List<AmendmentImpact.ProjectImpact> impact = new AmendmentImpact(index).around(at, 14);
            assertEquals(List.of(new AmendmentImpact.ProjectImpact("joelclaw", new AmendmentImpact.Outcome(1, 3, 2, 0),
                    new AmendmentImpact.Outcome(2, 5, 1, 1))), impact);
        }
    }
}
