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
        String lean = RecallViewModel.heading(new RecallPreview(RecallBudget.LEAN, QUESTION.strip(), 40, List.of(),
                "", 1), QUESTION);
        String balanced = RecallViewModel.heading(new RecallPreview(RecallBudget.BALANCED,
                "sending email twice duplicate idempotency", 19, List.of(), "", 1), QUESTION);
        assertThat(lean).isEqualTo("lean — 0 injected of 40 matching documents · searched for every word of the "
                + "question as asked, by words");
        assertThat(balanced).isEqualTo("balanced — 0 injected of 19 matching documents · searched for “sending email "
                + "twice duplicate idempotency” (the question rewritten: filler words dropped, related words added), "
                + "by words and meaning");
        assertThat(lean + balanced).doesNotContain("×", "no rewrite", "limit");
    }

    @Test
    void theCodesStayInTheTooltip() {
        assertThat(RecallViewModel.details(RecallBudget.LEAN)).isEqualTo("lean: fetch ×1.8 of limit 5 → the best 9 "
                + "ranked · at most 5 injected · keyword · no rewrite · all types");
    }
}
