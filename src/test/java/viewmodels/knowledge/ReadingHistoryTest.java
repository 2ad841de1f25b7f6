package viewmodels.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Back and Forward of the detail pane: what browsing the results, following links and the limit keep. */
class ReadingHistoryTest {

    @Test
    void browsingTheResultsReplacesTheEntryAndALinkAddsOne() {
        ReadingHistory history = new ReadingHistory(100);
        history.openFromResults("a");
        history.openFromResults("b"); // takes a's place: moving through the list fills no history
        assertFalse(history.canGoBack());
        history.add("lesson:x"); // followed from b
        history.openFromResults("c"); // after a link, a result is added: the linked document stays one Back away
        assertEquals("lesson:x", history.back());
        assertEquals("b", history.back());
        assertNull(history.back());
        assertEquals("lesson:x", history.forward());
        history.add("retro:y"); // a new way from the middle drops what was ahead
        assertFalse(history.canGoForward());
        assertNull(history.forward());
    }

    @Test
    void theSameDocumentTwiceIsOneEntryAndPastTheLimitTheOldestGoes() {
        ReadingHistory history = new ReadingHistory(3);
        history.add("a");
        history.add("a");
        assertFalse(history.canGoBack());
        history.add("b");
        history.add("c");
        history.add("d");
        assertEquals("c", history.back());
        assertEquals("b", history.back());
        assertNull(history.back()); // "a" fell off
        assertTrue(history.canGoForward());
    }
}
