package services.watchdog;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.text.JsonLines;

/**
 * What a finding's evidence refers to, in words: a document's type and title, an OTEL event's line as written,
 * a folder's path — and, for opening, the document id or the file.
 */
public final class Evidence {

    /** One piece of evidence: its reference, what it says, and the document id or file path to open (or null). */
    public record Item(String ref, String text, String documentId, Path file) {
    }

    private static final int LINE_LIMIT = 240;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final KnowledgeIndex index;
    private final Path otelDir;

    public Evidence(KnowledgeIndex index, Path otelDir) {
        this.index = index;
        this.otelDir = otelDir;
    }

    /**
     * Each reference in words. Documents whose words would repeat — a failed target's documents from several loops
     * all read "failed_target · Failed: <story>" — also name their loop (or, without one, their id), so no two lines
     * read the same.
     */
    public List<Item> describe(List<String> refs) {
        List<Item> out = new ArrayList<>();
        for (String ref : refs) {
            out.add(describe(ref));
        }
        Map<String, Long> times = out.stream()
                .collect(Collectors.groupingBy(Item::text, Collectors.counting()));
        List<Item> told = new ArrayList<>();
        for (Item item : out) {
            told.add(times.get(item.text()) > 1 && item.documentId() != null ? apart(item) : item);
        }
        return told;
    }

    private Item apart(Item item) {
        String loop = index.get(item.documentId()).map(KnowledgeDoc::loopId).orElse(null);
        String which = loop != null && !loop.isBlank() && !item.text().contains(loop) ? loop : item.documentId();
        return new Item(item.ref(), item.text() + " · " + which, item.documentId(), item.file());
    }

    private Item describe(String ref) {
        if (ref.startsWith("doc:")) {
            String id = ref.substring(4);
            return new Item(ref, index.get(id).map(Evidence::title).orElse(id + " (no longer in the index)"), id, null);
        }
        if (ref.startsWith("event:")) {
            int colon = ref.lastIndexOf(':');
            String name = ref.substring(6, colon);
            Path file = otelDir.resolve(name).normalize();
            if (!file.startsWith(otelDir.normalize())) {
                return new Item(ref, ref + " (outside the OTEL events folder)", null, null);
            }
            return new Item(ref, name + " line " + ref.substring(colon + 1) + ": "
                    + line(file, Integer.parseInt(ref.substring(colon + 1))), null, file);
        }
        if (ref.startsWith("otel:")) {
            return new Item(ref, "OTEL event " + ref.substring(5) + " (in the events store: ClickHouse or Typesense)", null, null);
        }
        if (ref.startsWith("file:")) {
            Path file = Path.of(ref.substring(5));
            return new Item(ref, file.toString(), null, file);
        }
        return new Item(ref, ref, null, null);
    }

    private static String title(KnowledgeDoc doc) {
        return doc.type() + " · " + doc.title();
    }

    private static String line(Path file, int number) {
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            String text = JsonLines.withoutBom(lines.skip(number - 1L).findFirst().orElse("(the file is shorter now)"));
            try {
                var e = JSON.readTree(text);
                if (e != null && e.path("event").isObject()) { // a spool file: {event, queuedAt}
                    e = e.get("event");
                }
                if (e != null && e.isObject() && e.path("timestamp").isNumber()) {
                    return Instant.ofEpochMilli(e.path("timestamp").asLong()) + " · " + e.path("component").asText("?")
                            + " · " + e.path("action").asText("?") + (e.path("success").asBoolean(true) ? ""
                            : " · failed" + (e.hasNonNull("error") ? ": " + e.path("error").asText() : ""));
                }
            } catch (IOException notJson) {
                // shown as written below
            }
            return text.length() > LINE_LIMIT ? text.substring(0, LINE_LIMIT) + "…" : text;
        } catch (IOException | UncheckedIOException e) {
            return "(cannot be read: " + e.getMessage() + ")";
        }
    }
}
