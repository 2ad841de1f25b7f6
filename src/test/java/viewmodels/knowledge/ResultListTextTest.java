package viewmodels.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The result list's summary line and the message in its place, branch by branch. */
class ResultListTextTest {

    @Test
    void theSummaryCountsSaysWhatIsShownAndHowItWasRanked() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.ROOT);
        try {
            assertEquals("1 document · 0.3 ms", ResultListText.summary(1, 1, false, 300));
            assertEquals("450 documents · showing 200 · by words and meaning · 11.6 ms",
                    ResultListText.summary(450, 200, true, 11_600));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void noMatchQuotesTheWordsAndSuggestsWhatToTry() {
        assertEquals("", ResultListText.message(3, true, "retry", ""));
        assertEquals("No documents match \"retry budget\". Try fewer words, or clear the filters (Esc).",
                ResultListText.message(0, true, "  retry budget ", ""));
        assertEquals("No documents match. Try fewer words, or clear the filters (Esc).",
                ResultListText.message(0, true, "", ""));
        assertEquals("The index is empty. Run a sync to index the Vault's ADRs, retros, brain notes and skills.",
                ResultListText.message(0, false, "", ""));
    }

    @Test
    void theSemanticHintOffersSemanticOrBestMatchOnlyWhereItHelps() {
        assertEquals("", ResultListText.semanticHint(false, "retry", false, true));
        assertEquals("", ResultListText.semanticHint(true, " ", false, true));
        assertEquals(", Semantic (Ctrl+M) to search by meaning", ResultListText.semanticHint(true, "retry", false, true));
        assertEquals(", Best match (Semantic ranks by meaning only there)",
                ResultListText.semanticHint(true, "retry", true, true));
        assertEquals("", ResultListText.semanticHint(true, "retry", true, false));
    }
}
