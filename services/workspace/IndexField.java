package services.workspace;

/**
 * One field an index backend shows in the Settings form: the key of the {@code index} object it edits
 * ({@code nodes}, {@code key} for the API key's source, {@code collection}, {@code timeout}), its label, the hint
 * under it, the text shown in it while empty, what kind of control it is, and whether it holds a secret (typed, saved to a 0600 file, never shown).
 */
public record IndexField(String key, String label, String hint, String prompt, Kind kind, boolean secret) {

    /** The control: one line of text, several lines (one item a line), a whole number, or a secret's source. */
    public enum Kind { TEXT, LINES, NUMBER, SECRET_SOURCE }
}
