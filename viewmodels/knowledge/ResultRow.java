package viewmodels.knowledge;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import services.knowledge.KnowledgeDoc;
import services.text.TypeWords;
import viewmodels.text.Moments;

/**
 * One line of the result list: the title and a snippet of the content, each cut into parts that match the searched
 * words (highlighted) and parts that do not.
 */
public record ResultRow(String id, String type, String title, String subtitle, String date,
                        List<Snippet.Part> titleParts, List<Snippet.Part> snippet) {

    public ResultRow {
        titleParts = titleParts == null ? List.of(new Snippet.Part(title, false)) : List.copyOf(titleParts);
        snippet = snippet == null ? List.of() : List.copyOf(snippet);
    }

    public ResultRow(String id, String type, String title, String subtitle, String date) {
        this(id, type, title, subtitle, date, null, null);
    }

    /** The line under the title: the subtitle and the date, when there is one. */
    public String about() {
        return date.isEmpty() ? subtitle : subtitle + " · " + date;
    }

    /** The type in words for the row's badge ("failed target", "ADR"); {@link #type()} keeps the code. */
    public String typeWords() {
        return TypeWords.of(type);
    }

    /**
     * A document as the list shows it: title (or id), type · project · status · loop, and the day it was written —
     * for an ADR its own date instead ("dated …", as its file says it, like the detail), or none: the day a sync
     * wrote it says nothing of the decision, and every ADR a sync writes has the same one. The searched words are
     * marked in the title and in the snippet of the content; {@code adrDate} gives an ADR's own date as the detail
     * shows it (from its file), so the row and the detail never disagree.
     */
    static ResultRow of(KnowledgeDoc doc, Moments moments, List<String> terms,
                        Function<KnowledgeDoc, String> adrDate) {
        List<String> about = new ArrayList<>();
        about.add(TypeWords.of(doc.type())); // words, not the index's code: "brain note", not brain_note
        if (doc.project() != null) {
            about.add(doc.project());
        }
        if (doc.status() != null) {
            about.add(doc.status());
        }
        if (doc.loopId() != null) {
            about.add(doc.loopId());
        }
        if (doc.id().startsWith("brain:") && doc.tags().contains("private")) {
            about.add("private");
        }
        String title = doc.title().isBlank() ? doc.id() : doc.title();
        String date;
        if ("adr".equals(doc.type())) {
            String dated = adrDate.apply(doc);
            date = dated == null ? "" : "dated " + dated;
        } else {
            date = moments.day(Instant.ofEpochSecond(doc.createdAt()));
        }
        return new ResultRow(doc.id(), doc.type(), title, String.join(" · ", about), date, Snippet.mark(title, terms),
                Snippet.mark(Snippet.around(doc.content(), terms), terms));
    }
}
