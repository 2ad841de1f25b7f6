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
        assertThat(text).doesNotContain("---").doesNotContain("|").doesNotContain("#")
                .doesNotContain("id · title · result")
                .startsWith("Summary — joelclaw: 5 of 6 stories passed. Story Outcomes — "
                        + "S1 · Add idempotency keys to email steps · pass · 1 · codex; S2 · Split a")
                .contains("What Worked — - S1 passed on first attempt.");
    }

    @Test
    void aTurnNoteReadsAsItsSummaryThenItsLabelledPartsWithoutItsContextJson() {
        String note = "summary:\nPicked Lucene for the local index.\n\ndecision:\nKeep Typesense for the shared one."
                + "\n\nevidence:\n- bench knowledge\n- ADR-0007\n\ncontext:\n{\"project\":\"joelclaw\",\"loopId\":\"loop-1\"}";
        assertThat(SnippetText.of(note)).isEqualTo("Picked Lucene for the local index. Decision: Keep Typesense for the"
                + " shared one. Evidence: - bench knowledge - ADR-0007");
    }

    @Test
    void plainTextAndEmphasisStayAsTheyReadWithoutMarks() {
        assertThat(SnippetText.of("On a **retry** the `job` sends the email _twice_.\n\n> quoted"))
                .isEqualTo("On a retry the job sends the email twice. quoted");
    }
}
