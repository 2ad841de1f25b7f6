package viewmodels.shell;

/** One keyboard shortcut: where it works ({@code section} id, or null everywhere), its keys and what it does. */
public record Shortcut(String section, String keys, String what) {
}
