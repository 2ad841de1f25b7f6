package services.sync;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import services.knowledge.KnowledgeDoc;

/** What a sync (or a drift check) has produced so far: which file owns each id, and the problems met. */
final class Produced {

    final Map<String, String> owner = new HashMap<>();
    final List<FileIssue> errors = new ArrayList<>();
    final List<FileIssue> warnings = new ArrayList<>();

    void claim(List<String> ids, String file) {
        ids.forEach(id -> owner.putIfAbsent(id, file));
    }

    /** Why {@code display}'s documents cannot be indexed: an id another file already produces; else null. */
    String duplicate(List<KnowledgeDoc> docs, String display) {
        for (KnowledgeDoc doc : docs) {
            String other = owner.get(doc.id());
            if (other != null && !other.equals(display)) {
                return duplicateReason(doc.id(), other);
            }
        }
        return null;
    }

    private static String duplicateReason(String id, String other) {
        if (id.startsWith("adr:")) {
            return "duplicate ADR number " + id.substring(4) + " (already used by " + other + "); not indexed";
        }
        return "document id " + id + " is already produced by " + other + "; not indexed";
    }
}
