package services.knowledge;

import java.util.Map;

/**
 * Documents a backend would not take, each with its reason; every other document of the same upsert landed (the
 * Typesense import answers per document).
 */
public final class DocumentsRejected extends KnowledgeIndexException {

    private final Map<String, String> reasons;

    public DocumentsRejected(String backend, Map<String, String> reasons) {
        super(reasons.size() + " document" + (reasons.size() == 1 ? " was" : "s were") + " rejected by " + backend + ": "
                + reasons.entrySet().stream().limit(5).map(e -> e.getKey() + " (" + e.getValue() + ")")
                .reduce((x, y) -> x + "; " + y).orElse("") + (reasons.size() > 5 ? "; …" : ""));
        this.reasons = Map.copyOf(reasons);
    }

    /** Document id → the backend's reason. */
    public Map<String, String> reasons() {
        return reasons;
    }
}
