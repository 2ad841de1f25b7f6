package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import services.recall.RecallBudget;
import services.recall.RecallPreview;

/**
 * Issue 37 walk: "40 documents match" (lean) beside "19" (balanced) with no word why, under a heading in codes
 * ("lean ×1.8 / 5, no rewrite"). The heading says why in words; the codes are the tooltip's.
 */
class RecallHeadingWordsTest {

    private static final String QUESTION = "How do we avoid sending the email twice?";

    @Test
    void eachBudgetSaysWhySoManyMatchedInWords() {
        RecallPreview leanRun = new RecallPreview(RecallBudget.LEAN, QUESTION.strip(), 40, List.of(), "", 1);
        RecallPreview balancedRun = new RecallPreview(RecallBudget.BALANCED,
                "sending email twice duplicate idempotency", 19, List.of(), "", 1);
        String lean = RecallViewModel.heading(leanRun, QUESTION);
        String balanced = RecallViewModel.heading(balancedRun, QUESTION);
        assertThat(lean).isEqualTo("lean — 0 of 40 found · every word as asked");
        assertThat(balanced).isEqualTo("balanced — 0 of 19 found · fewer words, by meaning too");
        assertThat(lean + balanced).doesNotContain("×", "no rewrite", "limit");
        // two lines, each within a column at 1100 px: the figures, then why so many (docs/design.md, "Word budget")
        RecallViewModel.Column column = new RecallViewModel.Column("balanced", balanced, "", List.of());
        assertThat(column.title()).isEqualTo("balanced — 0 of 19 found");
        assertThat(column.why()).isEqualTo("fewer words, by meaning too");
        // the query run and the codes: the tooltip's
        assertThat(RecallViewModel.details(balancedRun, QUESTION)).startsWith("Searched for “sending email twice "
                + "duplicate idempotency” (filler words dropped, related words added)\nbalanced: fetch ×3.0");
    }

    @Test
    void theCodesStayInTheTooltip() {
        assertThat(RecallViewModel.details(RecallBudget.LEAN)).isEqualTo("lean: fetch ×1.8 of limit 5 → the best 9 "
                + "ranked · at most 5 injected · keyword · no rewrite · all types");
    }
}
