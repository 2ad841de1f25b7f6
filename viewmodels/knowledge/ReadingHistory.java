package viewmodels.knowledge;

import java.util.ArrayList;
import java.util.List;

/**
 * The documents the detail pane has shown, oldest first, for Back and Forward. Browsing the results replaces the
 * current entry while it came from the results; following provenance, or an open from another section, adds one.
 * Past {@code limit} entries the oldest is dropped.
 */
final class ReadingHistory {

    private final int limit;
    private final List<String> ids = new ArrayList<>();
    private final List<Boolean> fromResults = new ArrayList<>();
    private int at = -1; // the entry showing

    ReadingHistory(int limit) {
        this.limit = limit;
    }

    /** A document opened from the result list: it takes the place of one also opened there, else it is added. */
    void openFromResults(String docId) {
        if (at >= 0 && fromResults.get(at)) {
            ids.set(at, docId);
            truncateForward();
        } else {
            push(docId, true);
        }
    }

    /** A document reached by a link or from another section: the one showing stays one Back away. */
    void add(String docId) {
        push(docId, false);
    }

    /** Steps back and returns the document to show, or null when there is none before. */
    String back() {
        if (!canGoBack()) {
            return null;
        }
        at--;
        return ids.get(at);
    }

    /** Steps forward again after Back and returns the document to show, or null when there is none after. */
    String forward() {
        if (!canGoForward()) {
            return null;
        }
        at++;
        return ids.get(at);
    }

    boolean canGoBack() {
        return at > 0;
    }

    boolean canGoForward() {
        return at >= 0 && at < ids.size() - 1;
    }

    private void push(String docId, boolean fromResult) {
        if (at >= 0 && ids.get(at).equals(docId)) {
            return;
        }
        truncateForward();
        ids.add(docId);
        fromResults.add(fromResult);
        at = ids.size() - 1;
        if (ids.size() > limit) {
            ids.remove(0);
            fromResults.remove(0);
            at--;
        }
    }

    private void truncateForward() {
        while (ids.size() > at + 1) {
            ids.remove(ids.size() - 1);
            fromResults.remove(fromResults.size() - 1);
        }
    }
}
