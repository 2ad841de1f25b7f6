package viewmodels.knowledge;

/** A document one click away from the one shown (provenance: its retro, and the other docs of its loop). */
public record LinkRow(String id, String label) {
}
