package viewmodels.knowledge;

import java.util.Locale;

/**
 * The words of the Knowledge result list: the summary line under it ("117 documents · showing 100 · 11.6 ms"), and
 * the message in its place when nothing is found — no match, with what to try, or an empty index.
 */
final class ResultListText {

    private ResultListText() {
    }

    /** {@code shown} of {@code total} documents are listed; {@code hybrid}: ranked by words and meaning. */
    static String summary(long total, int shown, boolean hybrid, long tookMicros) {
        return summary(total, shown, hybrid, tookMicros, false);
    }

    /** As {@link #summary(long, int, boolean, long)}; {@code cut}: only the text's first 1,000 characters were searched. */
    static String summary(long total, int shown, boolean hybrid, long tookMicros, boolean cut) {
        return total + (total == 1 ? " document" : " documents")
                + (shown < total ? " · showing " + shown : "")
                + (hybrid ? " · by words and meaning" : "")
                + (cut ? " · first " + String.format(Locale.ROOT, "%,d", SearchCriteria.MAX_QUESTION) + " characters searched" : "")
                + " · " + String.format("%.1f ms", tookMicros / 1000.0);
    }

    /**
     * The message in place of the list: empty while there are results; {@code narrowed}: words are typed or a facet
     * is ticked (then nothing matched), else the index is empty. {@code semanticHint} from {@link #semanticHint}.
     */
    static String message(long total, boolean narrowed, String text, String semanticHint) {
        if (total > 0) {
            return "";
        }
        if (narrowed) {
            String quoted = text.strip().length() > 80 ? text.strip().substring(0, 79) + "…" : text.strip();
            return "No documents match" + (text.isBlank() ? "" : " \"" + quoted + "\"")
                    + ". Try fewer words" + semanticHint + ", or clear the filters (Esc).";
        }
        return "The index is empty. Run a sync to index the Vault's ADRs, retros, brain notes and skills.";
    }

    /**
     * What an empty result suggests about Semantic: turning it on, or Best match, where it ranks
     * ({@code keywordOnly}: the search ran by words only although Semantic is on).
     */
    static String semanticHint(boolean available, String text, boolean on, boolean keywordOnly) {
        if (!available || text.isBlank()) {
            return "";
        }
        if (!on) {
            return ", Semantic (Ctrl+M) to search by meaning";
        }
        return keywordOnly ? ", Best match (Semantic ranks by meaning only there)" : "";
    }
}
