package services.sync;

import java.util.List;
import services.knowledge.KnowledgeDoc;

/**
 * The bound on every value that becomes a facet or a whole term (id, type, project, status, loop id, each tag): a
 * file that produces a longer one is reported by name and not indexed, so one odd file never stops a batch and
 * every backend gets values it can take.
 */
final class DocumentBounds {

    static final int MAX_VALUE = 256;

    private DocumentBounds() {
    }

    /** The reason the first over-long value of these documents is refused, or null when all fit. */
    static String check(List<KnowledgeDoc> docs) {
        for (KnowledgeDoc doc : docs) {
            String why = first("id", doc.id());
            why = why != null ? why : first("type", doc.type());
            why = why != null ? why : first("project", doc.project());
            why = why != null ? why : first("status", doc.status());
            why = why != null ? why : first("loop id", doc.loopId());
            for (String tag : doc.tags()) {
                why = why != null ? why : first("tag", tag);
            }
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    private static String first(String what, String value) {
        if (value == null || value.length() <= MAX_VALUE) {
            return null;
        }
        String start = value.substring(0, 40).replaceAll("\\p{Cntrl}", "?");
        return what + " \"" + start + "…\" is " + value.length() + " characters long (the limit is " + MAX_VALUE
                + "); not indexed";
    }
}
