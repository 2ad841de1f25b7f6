package viewmodels.knowledge;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import services.knowledge.KnowledgeDoc;

/** One line of the result list. */
public record ResultRow(String id, String type, String title, String subtitle, String date) {

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd");

    /** A document as the list shows it: title (or id), type · project · status · loop, and the day it was written. */
    static ResultRow of(KnowledgeDoc doc, ZoneId zone) {
        List<String> about = new ArrayList<>();
        about.add(doc.type());
        if (doc.project() != null) {
            about.add(doc.project());
        }
        if (doc.status() != null) {
            about.add(doc.status());
        }
        if (doc.loopId() != null) {
            about.add(doc.loopId());
        }
        return new ResultRow(doc.id(), doc.type(), doc.title().isBlank() ? doc.id() : doc.title(),
                String.join(" · ", about), DAY.format(Instant.ofEpochSecond(doc.createdAt()).atZone(zone)));
    }
}
