package services.knowledge;

import java.util.Map;

/**
 * The document types the running system itself writes into its Typesense {@code system_knowledge} collection, each
 * with the id form it gives them (formats.md part 2, running-system.md parts 3 and 8; the ADR and skill sync, the
 * loop retro, turn writes, discovery capture, meeting analysis). On an index shared with the running system the
 * console writes, copies and deletes only these: every other document — a brain note ({@code brain_note}), a Brain
 * page ({@code brain_page}, or {@code decision} with a {@code brain:} id) — is the console's own, and the system's
 * recall would inject it. {@code incident} is named by the design but written by nothing upstream.
 */
public final class RunningSystemTypes {

    /** Type → the prefix of the ids the running system writes for it. */
    private static final Map<String, String> ID_PREFIXES = Map.of(
            "adr", "adr:",
            "skill", "skill:",
            "retro", "retro:",
            "lesson", "lesson:",
            "pattern", "pattern:",
            "failed_target", "failed_target:",
            "turn_note", "turn:",
            "insight", "discovery:",
            "decision", "decision:meeting:");

    private RunningSystemTypes() {
    }

    /** Whether the running system writes documents like this one: its type, with that type's id form. */
    public static boolean writes(KnowledgeDoc doc) {
        String prefix = ID_PREFIXES.get(doc.type());
        return prefix != null && doc.id().startsWith(prefix);
    }

    /** Whether an id has the form of a document the running system writes (a {@code brain:} id never has). */
    public static boolean writesId(String id) {
        return ID_PREFIXES.values().stream().anyMatch(id::startsWith);
    }

    /** Whether the running system writes documents of this type (some of them may still be the console's own). */
    public static boolean writesType(String type) {
        return ID_PREFIXES.containsKey(type);
    }
}
