package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A result's snippet reads as prose: no table markup, no turn note's raw labels and context JSON. */
class SnippetTextTest {

    @Test
    void aRetrosStoryTableReadsAsItsRowsCellsWithoutTheRuleOrTheHeaderRow() {
        String retro = "## Summary\njoelclaw: 5 of 6 stories passed.\n\n## Story Outcomes\n\n"
                + "| id | title | result | attempts | tool |\n| --- | --- | --- | --- | --- |\n"
                + "| S1 | Add idempotency keys to email steps | pass | 1 | codex |\n"
                + "| S2 | Split a \\| title | fail | 3 | claude |\n\n## What Worked\n- S1 passed on first attempt.\n";
        String text = SnippetText.of(retro);
        assertThat(text).doesNotContain("---").doesNotContain("#").doesNotContain("\\")
                .doesNotContain("id · title · result")
                .startsWith("Summary — joelclaw: 5 of 6 stories passed. Story Outcomes — "
                        + "S1 · Add idempotency keys to email steps · pass · 1 · codex; S2 · Split a | title · fail")
                .contains("What Worked — S1 passed on first attempt.");
    }

    /** As agent-loop/retro.ts writes a story whose title holds a pipe and a snake_case name (running-system.md §3). */
    @Test
    void aStoryTitleKeepsItsEscapedPipeAndTheUnderscoresInsideItsWords() {
        String retro = "## Story Outcomes\n\n| id | title | result | attempts | tool |\n|---|---|---|---|---|\n"
                + "| S2 | Index retros \\| lessons into system_knowledge | pass | 1 | codex |\n"
                + "| S3 | Read `agent-loop:prd:<loopId>` keys | fail | 3 | claude |\n";
        assertThat(SnippetText.of(retro)).isEqualTo("Story Outcomes — S2 · Index retros | lessons into system_knowledge"
                + " · pass · 1 · codex; S3 · Read agent-loop:prd:<loopId> keys · fail · 3 · claude");
    }

    @Test
    void underscoresInsideWordsAndPipesOrArrowsInProseAreTextOnlyEmphasisMarksGo() {
        assertThat(SnippetText.of("Writes to system_knowledge and loop_failed_targets, _not_ to __otel_events__."))
                .isEqualTo("Writes to system_knowledge and loop_failed_targets, not to otel_events.");
        assertThat(SnippetText.of("Route a | b -> c; keep \\_private\\_ and \\*stars\\* as written."))
                .isEqualTo("Route a | b -> c; keep _private_ and *stars* as written.");
        assertThat(SnippetText.of("## The `retry_budget` heading\n> > nested quote")).isEqualTo(
                "The retry_budget heading — nested quote");
    }

    @Test
    void aTurnNoteReadsAsItsSummaryThenItsLabelledPartsWithoutItsContextJson() {
        String note = "summary:\nPicked Lucene for the local index.\n\ndecision:\nKeep Typesense for the shared one."
                + "\n\nevidence:\n- bench knowledge\n- ADR-0007\n\ncontext:\n{\"project\":\"joelclaw\",\"loopId\":\"loop-1\"}";
        assertThat(SnippetText.of(note)).isEqualTo("Picked Lucene for the local index. Decision: Keep Typesense for the"
                + " shared one. Evidence: bench knowledge · ADR-0007");
    }

    @Test
    void plainTextAndEmphasisStayAsTheyReadWithoutMarks() {
        assertThat(SnippetText.of("On a **retry** the `job` sends the email _twice_.\n\n> quoted"))
                .isEqualTo("On a retry the job sends the email twice. quoted");
    }

    /** Walk 2: "Analysis — - Writing the retro…": a list's marks stood in the prose. */
    @Test
    void aListReadsAsItsItemsWithoutTheirMarks() {
        assertThat(SnippetText.of("## Analysis\n- Writing the retro first.\n- Small PRDs finish.\n\n## Next\n1. Split it."
                + "\n2) Ship it.\n- a dash-joined-word stays; -5 degrees stays"))
                .isEqualTo("Analysis — Writing the retro first. · Small PRDs finish. Next — Split it. · Ship it. · a "
                        + "dash-joined-word stays; -5 degrees stays");
    }
}
